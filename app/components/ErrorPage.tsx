import classes from "./ErrorPage.module.css";
import { ButtonLink } from "./ui/Button";
import { Container } from "./ui/Container";

/** The styled page for 404s and errors; never shows a stack trace. */
export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  return (
    <Container size="sm" className={classes.page}>
      <p className={classes.status}>{status}</p>
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.message}>{message}</p>
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
