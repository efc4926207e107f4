import {
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Fieldset,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { lagosDateTime } from "~/lib/lagos-time";
import { LEAD_NOTIFY_KINDS, NOTIFY_KIND_SHORT, NOTIFY_KINDS, type NotifyKind } from "~/lib/notifications";
import { localNigerianPhone } from "~/lib/phone";
import { useHydrated } from "~/lib/use-hydrated";
import { WHATSAPP_TEMPLATE_BODIES, type WhatsappTemplates } from "~/lib/whatsapp-messages";
import { Notice } from "./Notice";

/** The forms of the notifications page (app/routes/admin.notifications.tsx): each works without JavaScript. */

export type NotificationIntent =
  | "save-templates"
  | "add-recipient"
  | "save-recipient"
  | "remove-recipient"
  | "add-webhook"
  | "save-webhook"
  | "remove-webhook";

export interface NotificationResult {
  intent: NotificationIntent;
  ok: boolean;
  message: string;
  /** The recipient or webhook a row form was about. */
  target: string;
  fieldErrors: {
    address?: string;
    whatsapp?: string;
    kinds?: string;
    lead?: string;
    alert?: string;
    language?: string;
  };
  /** What was typed, to show again after a refusal. */
  values: { address: string; whatsapp: string; kinds: string[]; templates: WhatsappTemplates };
  /** A new webhook's signing secret: shown this once. */
  secret: { url: string; secret: string } | null;
  at: number;
}

export interface MailStatusData {
  enabled: boolean;
  server: string | null;
  from: string;
}

/**
 * Whether email goes out, and how. Off (the server has no mail account set, SMTP_URL), it says so
 * in an owner's words and who can fix it, never the setting's name.
 */
export function MailStatus({ mail, outboxLink = true }: { mail: MailStatusData; outboxLink?: boolean }) {
  if (!mail.enabled) {
    return (
      <Notice kind="info">
        <Text fw={700} size="sm">
          Email is off
        </Text>
        <Text size="sm">
          The website has no email account to send from yet, so no email goes out: not to your staff, not to buyers. Ask
          whoever set up or hosts the website to connect one (they need the mail server, a user name and a password from
          your email provider). The recipients you choose here are kept and used as soon as it is connected. Webhooks
          are sent either way.
        </Text>
      </Notice>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" shadow="xs">
      <Group gap="sm" wrap="wrap">
        <Badge color="green" variant="light" radius="sm" tt="none">
          Email is on
        </Badge>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          Sent through <b>{mail.server}</b> as <b>{mail.from}</b>.
        </Text>
        {outboxLink ? (
          <Text size="sm">
            <Link to="/admin/outbox">See what was sent in the Outbox</Link>
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * Whether WhatsApp messages go out. Off (the website has no WhatsApp Business account connected),
 * it says so in an owner's words and who can fix it, never the settings' names.
 */
export function WhatsappStatus({ enabled }: { enabled: boolean }) {
  if (!enabled) {
    return (
      <Notice kind="info">
        <Text fw={700} size="sm">
          WhatsApp is off
        </Text>
        <Text size="sm">
          The website is not connected to a WhatsApp Business account yet, so no WhatsApp message goes out: not to your
          staff, not to buyers. Ask whoever set up or hosts the website to connect it (they need the access token and
          the phone number ID from WhatsApp Manager in your Meta Business account). The WhatsApp numbers you enter here
          are kept and used as soon as it is connected.
        </Text>
      </Notice>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" shadow="xs">
      <Group gap="sm" wrap="wrap">
        <Badge color="green" variant="light" radius="sm" tt="none">
          WhatsApp is on
        </Badge>
        <Text size="sm">
          New leads also go to the WhatsApp numbers below, and buyers who gave a WhatsApp number get their alerts there.
        </Text>
      </Group>
    </Paper>
  );
}

/** The names and language of the two WhatsApp templates, as approved in WhatsApp Manager. */
export function TemplatesForm({
  templates,
  result,
}: {
  templates: WhatsappTemplates;
  result: NotificationResult | undefined;
}) {
  const navigation = useNavigation();
  const mine = result?.intent === "save-templates" ? result : undefined;
  const refused = mine && !mine.ok ? mine : undefined;
  const shown = refused ? refused.values.templates : templates;
  return (
    <Form method="post" key={mine ? `${mine.at}` : "templates"} aria-label="WhatsApp templates">
      <input type="hidden" name="intent" value="save-templates" />
      <Stack gap="sm">
        <TextInput
          label="Template for new leads"
          name="lead"
          required
          defaultValue={shown.lead}
          error={refused?.fieldErrors.lead}
          description={`Its text, to submit to Meta: ${WHATSAPP_TEMPLATE_BODIES.lead}`}
          styles={{ input: { maxWidth: 360 } }}
        />
        <TextInput
          label="Template for buyers' alerts"
          name="alert"
          required
          defaultValue={shown.alert}
          error={refused?.fieldErrors.alert}
          description={`Its text, to submit to Meta: ${WHATSAPP_TEMPLATE_BODIES.alert}`}
          styles={{ input: { maxWidth: 360 } }}
        />
        <TextInput
          label="Language of the templates"
          name="language"
          required
          defaultValue={shown.language}
          error={refused?.fieldErrors.language}
          description="The code WhatsApp Manager shows beside the template: en, en_US, en_GB…"
          styles={{ input: { maxWidth: 160 } }}
        />
        <Group>
          <Button type="submit" variant="light" loading={busyWith(navigation, "save-templates")}>
            Save templates
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

function WhatsappField({ value, error, label }: { value: string; error?: string; label: string }) {
  return (
    <TextInput
      label={label}
      name="whatsapp"
      type="tel"
      placeholder="0803 555 0142"
      description="Optional: a Nigerian mobile number on WhatsApp"
      autoComplete="off"
      defaultValue={value}
      error={error}
      styles={{ input: { maxWidth: 240 } }}
    />
  );
}

function KindBoxes({
  kinds,
  checked,
  legend,
  error,
}: {
  kinds: readonly NotifyKind[];
  checked: readonly string[];
  legend: string;
  error?: string;
}) {
  return (
    <Fieldset legend={legend} variant="unstyled" p={0} styles={{ legend: { fontSize: 14, fontWeight: 500 } }}>
      <Group gap="md" mt={6} wrap="wrap">
        {kinds.map((k) => (
          <Checkbox key={k} name="kinds" value={k} label={NOTIFY_KIND_SHORT[k]} defaultChecked={checked.includes(k)} />
        ))}
      </Group>
      {error ? (
        <Text c="red.8" size="sm" mt={6} role="alert">
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}

function busyWith(navigation: ReturnType<typeof useNavigation>, intent: NotificationIntent, target = ""): boolean {
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (navigation.formData?.get("original") ?? "") === target
  );
}

type Kind = "recipient" | "webhook";
const ADDRESS_FIELD: Record<Kind, string> = { recipient: "Email", webhook: "Address (URL)" };

/** One recipient or webhook: its kinds (saved with Save), and Remove. */
export function NotificationRow({
  kind,
  address,
  kinds,
  whatsapp,
  added,
  result,
}: {
  kind: Kind;
  address: string;
  kinds: readonly string[];
  /** A recipient's WhatsApp number, as stored. */
  whatsapp?: string | null;
  added?: string;
  result: NotificationResult | undefined;
}) {
  const navigation = useNavigation();
  const mine = result && result.target === address && result.intent === `save-${kind}` ? result : undefined;
  const refused = mine && !mine.ok ? mine : undefined;
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Form method="post" key={`${address}|${kinds.join()}|${whatsapp ?? ""}|${mine?.at ?? ""}`} aria-label={address}>
        <input type="hidden" name="original" value={address} />
        <Stack gap="xs">
          <div>
            <Text fw={700} size="sm" style={{ overflowWrap: "anywhere" }}>
              {address}
            </Text>
            {added ? (
              <Text size="xs" c="dimmed">
                Added {lagosDateTime(added)}
              </Text>
            ) : null}
          </div>
          {kind === "recipient" ? (
            <WhatsappField
              label={`WhatsApp for ${address}`}
              value={refused ? refused.values.whatsapp : whatsapp ? localNigerianPhone(whatsapp) : ""}
              error={refused?.fieldErrors.whatsapp}
            />
          ) : null}
          <KindBoxes
            kinds={kind === "recipient" ? NOTIFY_KINDS : LEAD_NOTIFY_KINDS}
            checked={refused ? refused.values.kinds : kinds}
            legend={kind === "recipient" ? `What ${address} gets` : "What it receives"}
            error={refused?.fieldErrors.kinds}
          />
          <Group gap="xs" mt={4}>
            <Button
              type="submit"
              name="intent"
              value={`save-${kind}`}
              size="xs"
              variant="light"
              loading={busyWith(navigation, `save-${kind}`, address)}
            >
              Save
            </Button>
            <Button
              type="submit"
              name="intent"
              value={`remove-${kind}`}
              size="xs"
              variant="default"
              color="red"
              loading={busyWith(navigation, `remove-${kind}`, address)}
              aria-label={`Remove ${address}`}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

/** The form that adds a recipient or a webhook; after a refusal it shows what was typed with the reasons. */
export function AddForm({
  kind,
  result,
  placeholder,
  description,
}: {
  kind: Kind;
  result: NotificationResult | undefined;
  placeholder: string;
  description: string;
}) {
  const navigation = useNavigation();
  const intent: NotificationIntent = `add-${kind}`;
  const mine = result?.intent === intent ? result : undefined;
  const refused = mine && !mine.ok ? mine : undefined;
  const title = kind === "recipient" ? "Add a recipient" : "Add a webhook";
  const defaults = kind === "recipient" ? ["inspection", "contact", "loan", "sourcing"] : [...LEAD_NOTIFY_KINDS];
  return (
    <Form method="post" key={mine ? `${mine.at}` : intent} aria-label={title}>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="sm">
        <Text fw={700}>{title}</Text>
        <TextInput
          label={ADDRESS_FIELD[kind]}
          name="address"
          type={kind === "recipient" ? "email" : "url"}
          required
          placeholder={placeholder}
          description={description}
          autoComplete="off"
          defaultValue={refused?.values.address ?? ""}
          error={refused?.fieldErrors.address}
          styles={{ input: { maxWidth: 480 } }}
        />
        {kind === "recipient" ? (
          <WhatsappField
            label="WhatsApp number"
            value={refused?.values.whatsapp ?? ""}
            error={refused?.fieldErrors.whatsapp}
          />
        ) : null}
        <KindBoxes
          kinds={kind === "recipient" ? NOTIFY_KINDS : LEAD_NOTIFY_KINDS}
          checked={refused ? refused.values.kinds : defaults}
          legend={kind === "recipient" ? "What they get" : "What it receives"}
          error={refused?.fieldErrors.kinds}
        />
        <Group>
          <Button type="submit" loading={busyWith(navigation, intent)}>
            {kind === "recipient" ? "Add recipient" : "Add webhook"}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** A new webhook's secret, shown once, with a copy button when JavaScript runs. */
export function WebhookSecret({ secret }: { secret: { url: string; secret: string } }) {
  const hydrated = useHydrated();
  return (
    <Paper withBorder radius="md" p="md" bg="yellow.0" role="status" aria-labelledby="webhook-secret-title">
      <Text fw={700} id="webhook-secret-title">
        Signing secret for {secret.url}
      </Text>
      <Text size="sm" mt={4}>
        Copy it now into the system that receives the webhook: it is shown only this once. To get a new one, remove the
        webhook and add it again.
      </Text>
      <Group gap="sm" mt="sm" wrap="nowrap" align="center">
        <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap", flex: 1 }} data-testid="webhook-secret">
          {secret.secret}
        </Code>
        {hydrated ? (
          <CopyButton value={secret.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? "Copied" : "Copy"}
              </Button>
            )}
          </CopyButton>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" mt="sm">
        Each POST carries the header X-Signature: sha256=&lt;hex&gt;, the HMAC-SHA256 of the exact request body keyed
        with this secret. Compare it with your own before trusting the body.
      </Text>
    </Paper>
  );
}
