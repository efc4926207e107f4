import { Button, Card, Group, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, type NewsletterFieldErrors } from "~/lib/newsletter-messages";

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
    <Card radius="lg" padding={0} withBorder shadow="sm" style={{ overflow: "hidden" }}>
      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 340px), 1fr))" }}>
        <Stack gap="xs" p={{ base: "lg", sm: 40 }} bg="brand.9" c="white" justify="center">
          <Text tt="uppercase" fz="xs" fw={800} c="gold.4" style={{ letterSpacing: "0.1em" }}>
            Newsletter
          </Text>
          <Title order={2} c="white" fz={{ base: 24, sm: 30 }}>
            Be first to hear about new arrivals
          </Title>
          <Text c="#d7eadf">Fresh Tokunbo arrivals, price drops and financing offers, straight to your inbox. No spam.</Text>
        </Stack>
        <Stack gap="sm" p={{ base: "lg", sm: 40 }}>
          <fetcher.Form method="post" action="/?index" ref={form} noValidate={false}>
            <input type="hidden" name="intent" value="newsletter" />
            <Stack gap="sm">
              <TextInput
                name="name"
                label="Name"
                autoComplete="name"
                required
                defaultValue={failed?.values.name}
                key={failed ? `n-${failed.values.name}` : "name"}
                error={failed?.errors.name}
              />
              <TextInput
                name="email"
                type="email"
                label="Email"
                autoComplete="email"
                required
                defaultValue={failed?.values.email}
                key={failed ? `e-${failed.values.email}` : "email"}
                error={failed?.errors.email}
              />
              <Group>
                <Button type="submit" loading={busy} size="md">
                  Subscribe
                </Button>
              </Group>
            </Stack>
          </fetcher.Form>
          {result?.ok ? (
            <Text role="status" c="brand.8" fw={700} data-testid="newsletter-status">
              {NEWSLETTER_SUCCESS}
            </Text>
          ) : null}
          {failed ? (
            <Text role="alert" c="red.7" fw={700} data-testid="newsletter-status">
              {NEWSLETTER_FAILURE}
            </Text>
          ) : null}
          {list.length ? (
            <div data-testid="subscribed-users">
              <Text fw={700} fz="sm">
                Subscribed Users
              </Text>
              <List fz="sm" spacing={2}>
                {list.map((e) => (
                  <List.Item key={e.email}>
                    {e.name} ({e.email})
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
        </Stack>
      </div>
    </Card>
  );
}
