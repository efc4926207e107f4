import { REQUEST_ID_ATTRIBUTE, useRequestId } from "~/lib/request-id";
import classes from "./ErrorPage.module.css";
import { ButtonLink } from "./ui/Button";
import { Container } from "./ui/Container";

/**
 * The styled page for 404s and errors; never shows a stack trace. A server error shows the
 * request's reference, which is in the server's log line for that error.
 */
export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  const requestId = useRequestId();
  return (
    <Container size="sm" className={classes.page}>
      <p className={classes.status}>{status}</p>
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.message}>{message}</p>
      {status >= 500 && requestId ? (
        <p className={classes.reference}>
          Reference <code {...{ [REQUEST_ID_ATTRIBUTE]: requestId }}>{requestId}</code>: please quote it if you call us.
        </p>
      ) : null}
      <div className={classes.actions}>
        <ButtonLink to="/browse" size="md" fullWidth>
          Browse cars
        </ButtonLink>
        <ButtonLink to="/" variant="default" size="md" fullWidth>
          Back to home
        </ButtonLink>
      </div>
    </Container>
  );
}
