import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, type NewsletterFieldErrors } from "~/lib/newsletter-messages";
import { Button } from "../ui/Button";
import { TextField } from "../ui/Field";
import classes from "./NewsletterForm.module.css";

export type NewsletterResult =
  | { ok: true; entry: { name: string; email: string } }
  | { ok: false; errors: NewsletterFieldErrors; values: { name: string; email: string } };

/**
 * The newsletter form (name, email). Posts intent=newsletter to the home action; without
 * JavaScript the page reloads with the result (`fallback`, the action data). 'Subscribed Users'
 * lists only what this visitor subscribed.
 */
export function NewsletterForm({ subscribed, fallback }: { subscribed: { name: string; email: string }[]; fallback?: NewsletterResult }) {
  const fetcher = useFetcher<NewsletterResult>({ key: "newsletter" });
  const result = fetcher.data ?? fallback;
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);

  const failed = result && !result.ok ? result : null;
  const list = [...subscribed];
  if (result?.ok && !list.some((e) => e.email === result.entry.email)) list.push(result.entry);

  return (
    <div className={classes.card}>
      <div className={classes.intro}>
        <p className={classes.eyebrow}>Newsletter</p>
        <h2 className={classes.title}>Be first to hear about new arrivals</h2>
        <p className={classes.text}>Fresh Tokunbo arrivals, price drops and financing offers, straight to your inbox. No spam.</p>
      </div>
      <div className={classes.formSide}>
        <fetcher.Form method="post" action="/?index" ref={form} noValidate={false} className={classes.form}>
          <input type="hidden" name="intent" value="newsletter" />
          <TextField
            name="name"
            label="Name"
            autoComplete="name"
            required
            defaultValue={failed?.values.name}
            key={failed ? `n-${failed.values.name}` : "name"}
            error={failed?.errors.name}
          />
          <TextField
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            required
            defaultValue={failed?.values.email}
            key={failed ? `e-${failed.values.email}` : "email"}
            error={failed?.errors.email}
          />
          <div>
            <Button type="submit" loading={busy} size="md">
              Subscribe
            </Button>
          </div>
        </fetcher.Form>
        {result?.ok ? (
          <p role="status" className={classes.ok} data-testid="newsletter-status">
            {NEWSLETTER_SUCCESS}
          </p>
        ) : null}
        {failed ? (
          <p role="alert" className={classes.failed} data-testid="newsletter-status">
            {NEWSLETTER_FAILURE}
          </p>
        ) : null}
        {list.length ? (
          <div data-testid="subscribed-users">
            <p className={classes.listTitle}>Subscribed Users</p>
            <ul className={classes.list}>
              {list.map((e) => (
                <li key={e.email}>
                  {e.name} ({e.email})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}
