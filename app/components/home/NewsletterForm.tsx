import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { NEWSLETTER_SUCCESS, newsletterIntro, subscribedDetail } from "~/lib/newsletter-messages";
import { BotTrap } from "../leads/BotTrap";
import { Button } from "../ui/Button";
import { TextField } from "../ui/Field";
import classes from "./NewsletterForm.module.css";

export type NewsletterResult =
  | { ok: true; entry: { name: string; email: string } }
  | { ok: false; error: string; fieldErrors: Record<string, string>; values: Record<string, string> };

/**
 * The newsletter form (name, email). Posts intent=newsletter to the home action; without
 * JavaScript the page reloads with the result (`fallback`, the action data). 'Subscribed Users'
 * lists only what this visitor subscribed. It promises only what is sent: the weekly email after
 * confirming while email is set up (`mail`), else nothing.
 */
export function NewsletterForm({
  subscribed,
  fallback,
  stamp,
  mail,
}: {
  subscribed: { name: string; email: string }[];
  fallback?: NewsletterResult;
  /** When the form was served (see BotTrap). */
  stamp: string;
  /** Whether email is set up (the newsletter is sent). */
  mail: boolean;
}) {
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
        <h2 className={classes.title}>{mail ? "Be first to hear about new arrivals" : "Stay in touch"}</h2>
        <p className={classes.text}>{newsletterIntro(mail)}</p>
      </div>
      <div className={classes.formSide} id="newsletter-form">
        <fetcher.Form
          method="post"
          action="/?index#newsletter-form"
          ref={form}
          noValidate={false}
          className={classes.form}
        >
          <input type="hidden" name="intent" value="newsletter" />
          <BotTrap stamp={stamp} />
          <TextField
            name="name"
            label="Name"
            autoComplete="name"
            required
            defaultValue={failed?.values.name}
            key={failed ? `n-${failed.values.name}` : "name"}
            error={failed?.fieldErrors.name}
          />
          <TextField
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            required
            defaultValue={failed?.values.email}
            key={failed ? `e-${failed.values.email}` : "email"}
            error={failed?.fieldErrors.email}
          />
          <div>
            <Button type="submit" loading={busy} size="md">
              Subscribe
            </Button>
          </div>
        </fetcher.Form>
        {result?.ok ? (
          <p role="status" className={classes.ok} data-testid="newsletter-status">
            <strong>{NEWSLETTER_SUCCESS}</strong> {subscribedDetail(result.entry.email, mail)}
          </p>
        ) : null}
        {failed ? (
          <p role="alert" className={classes.failed} data-testid="newsletter-status">
            {failed.error}
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
