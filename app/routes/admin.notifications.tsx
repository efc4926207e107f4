import { Divider, Paper, Stack, Text, Title } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { Notice } from "~/components/admin/Notice";
import {
  AddForm,
  MailStatus,
  type NotificationIntent,
  type NotificationResult,
  NotificationRow,
  TemplatesForm,
  WebhookSecret,
  WhatsappStatus,
} from "~/components/admin/NotificationForms";
import { requirePermission } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import type { NotifyKind } from "~/lib/notifications";
import { kindsText, NOTIFY_KIND_HINTS, NOTIFY_KIND_LABELS, NOTIFY_KINDS, notificationsView } from "~/lib/notifications";
import { fromHeader } from "~/lib/outbox";
import { formatNigerianPhone } from "~/lib/phone";
import { getBusiness } from "~/models/business.server";
import { getNotifications, mailSettings, whatsappEnabled } from "~/models/notifications.server";
import { updateNotifications } from "~/use-cases/notifications.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * Who is told what (owners): email recipients and webhooks, each with the kinds of message they
 * get. Every form posts here and saves through the same use case as PUT /api/admin/notifications.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "notifications.manage");
  const [notifications, business] = await Promise.all([getNotifications(), getBusiness()]);
  const mail = mailSettings();
  return {
    ...notificationsView(notifications),
    mail: { ...mail, from: fromHeader(mail.from, business) },
    whatsapp: { enabled: whatsappEnabled() },
  };
}

const INTENTS: readonly NotificationIntent[] = [
  "save-templates",
  "add-recipient",
  "save-recipient",
  "remove-recipient",
  "add-webhook",
  "save-webhook",
  "remove-webhook",
];

const NOT_DONE: Record<NotificationIntent, string> = {
  "save-templates": "The WhatsApp templates were not saved",
  "add-recipient": "The recipient was not added",
  "save-recipient": "The recipient was not saved",
  "remove-recipient": "The recipient was not removed",
  "add-webhook": "The webhook was not added",
  "save-webhook": "The webhook was not saved",
  "remove-webhook": "The webhook was not removed",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, token } = await requirePermission(request, "notifications.manage");
  const form = await request.formData();
  const raw = String(form.get("intent") ?? "");
  const intent = INTENTS.find((i) => i === raw) ?? "add-recipient";
  const target = String(form.get("original") ?? "");
  const values = {
    address: String(form.get("address") ?? "").trim(),
    whatsapp: String(form.get("whatsapp") ?? "").trim(),
    kinds: form.getAll("kinds").map(String),
    templates: {
      lead: String(form.get("lead") ?? ""),
      alert: String(form.get("alert") ?? ""),
      language: String(form.get("language") ?? ""),
    },
  };
  const current = notificationsView(await getNotifications());
  const actor = staffActor(admin, clientIp(context), token);
  if (intent === "save-templates") return saveTemplates(actor, values);
  const list = intent.endsWith("recipient") ? "recipients" : "webhooks";
  const keyOf = (x: { email: string } | { url: string }) => ("email" in x ? x.email : x.url);
  const items: { address: string; whatsapp: string | null; kinds: string[] }[] = current[list].map((x) => ({
    address: keyOf(x),
    whatsapp: "whatsapp" in x ? (x.whatsapp ?? null) : null,
    kinds: x.kinds,
  }));
  const index = intent.startsWith("add") ? items.length : items.findIndex((x) => x.address === target);
  const answer = (ok: boolean, message: string, extra: Partial<NotificationResult> = {}, status = 200) =>
    data<NotificationResult>(
      { intent, ok, message, target, fieldErrors: {}, values, secret: null, at: Date.now(), ...extra },
      { status },
    );
  if (index < 0) return answer(false, `${NOT_DONE[intent]}: ${target} is no longer on the list.`, {}, 404);

  if (intent.startsWith("add")) items.push(values);
  else if (intent.startsWith("save"))
    items[index] = { address: target, whatsapp: values.whatsapp, kinds: values.kinds };
  else items.splice(index, 1);
  const next =
    list === "recipients"
      ? { recipients: items.map((x) => ({ email: x.address, whatsapp: x.whatsapp, kinds: x.kinds })) }
      : { webhooks: items.map((x) => ({ url: x.address, kinds: x.kinds })) };
  try {
    const saved = await updateNotifications(actor, next);
    const entry = intent.startsWith("remove") ? null : saved.notifications[list][index];
    const name = entry ? keyOf(entry) : target;
    const chat =
      entry && "whatsapp" in entry && entry.whatsapp
        ? ` (also on WhatsApp ${formatNigerianPhone(entry.whatsapp)})`
        : "";
    const gets = entry ? kindsText(entry.kinds as NotifyKind[]) + chat : "";
    const message = {
      "add-recipient": `${name} added: they get ${gets}.`,
      "save-recipient": `Saved: ${name} gets ${gets}.`,
      "remove-recipient": `${name} removed: they get no more emails.`,
      "add-webhook": `Webhook added: ${name} receives ${gets}.`,
      "save-webhook": `Saved: ${name} receives ${gets}.`,
      "remove-webhook": `Webhook removed: nothing more is posted to ${name}.`,
    }[intent];
    return answer(true, message, { secret: saved.secrets[0] ?? null });
  } catch (e) {
    const failure = refusalForPage(e);
    // The use case names fields by their place in the list ("recipients.2.email"): this form's own.
    const prefix = `${list}.${index}.`;
    const mine = (field: string) => failure.fieldErrors[prefix + field];
    const fieldErrors = {
      address: mine(list === "recipients" ? "email" : "url"),
      whatsapp: mine("whatsapp"),
      kinds: mine("kinds"),
    };
    return answer(false, `${NOT_DONE[intent]}: ${failure.message}`, { fieldErrors }, failure.status);
  }
}

/** The WhatsApp templates' names and language, saved through the same use case. */
async function saveTemplates(actor: ReturnType<typeof staffActor>, values: NotificationResult["values"]) {
  const answer = (ok: boolean, message: string, fieldErrors: NotificationResult["fieldErrors"] = {}, status = 200) =>
    data<NotificationResult>(
      { intent: "save-templates", ok, message, target: "", fieldErrors, values, secret: null, at: Date.now() },
      { status },
    );
  try {
    const saved = await updateNotifications(actor, { templates: values.templates });
    const t = saved.notifications.templates;
    return answer(
      true,
      `WhatsApp templates saved: ${t.lead} for new leads, ${t.alert} for buyers' alerts (${t.language}).`,
    );
  } catch (e) {
    const failure = refusalForPage(e);
    const field = (k: string) => failure.fieldErrors[`templates.${k}`];
    const errors = { lead: field("lead"), alert: field("alert"), language: field("language") };
    return answer(false, `${NOT_DONE["save-templates"]}: ${failure.message}`, errors, failure.status);
  }
}

function KindsLegend() {
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label="What each kind is">
      {NOTIFY_KINDS.map((k) => (
        <Text key={k} component="li" size="xs" c="dimmed">
          <Text span fw={700} size="xs" c="dark.4">
            {NOTIFY_KIND_LABELS[k]}
          </Text>
          : {NOTIFY_KIND_HINTS[k]}
        </Text>
      ))}
    </Stack>
  );
}

export default function Notifications() {
  const { recipients, webhooks, templates, mail, whatsapp } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AdminPage
      title="Notifications"
      description={
        "Who is emailed or sent a WhatsApp message about each new lead and the morning digest, " +
        "and where every lead is posted as a webhook."
      }
    >
      <Stack gap="xs" aria-live="polite">
        {result && !result.ok ? <Notice kind="error">{result.message}</Notice> : null}
        {result?.ok ? <Notice kind="success">{result.message}</Notice> : null}
        {result?.ok && result.secret ? <WebhookSecret secret={result.secret} /> : null}
      </Stack>
      <MailStatus mail={mail} />
      <WhatsappStatus enabled={whatsapp.enabled} />

      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs">
        <Title order={2} fz="lg">
          Email recipients
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          Each new lead is emailed at once to the people who take its kind, with a link to answer it. Buyers get their
          own confirmation whoever is on this list. Give someone a WhatsApp number and new leads of their kinds reach
          them on WhatsApp too.
        </Text>
        {recipients.length ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Email recipients">
            {recipients.map((r) => (
              <NotificationRow
                key={r.email}
                kind="recipient"
                address={r.email}
                whatsapp={r.whatsapp}
                kinds={r.kinds}
                result={result}
              />
            ))}
          </Stack>
        ) : (
          <Text size="sm" fs="italic">
            Nobody is emailed yet. Add the people who answer the leads.
          </Text>
        )}
        <Divider my="lg" />
        <AddForm
          kind="recipient"
          result={result}
          placeholder="sales@example.ng"
          description="A colleague's or a shared inbox's address"
        />
        <Divider my="lg" />
        <KindsLegend />
      </Paper>

      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs">
        <Title order={2} fz="lg">
          WhatsApp templates
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          WhatsApp delivers a business's first message only from a template Meta has approved. Create these two in
          WhatsApp Manager (category Utility) with the texts shown, then enter their names here exactly as approved.
        </Text>
        <TemplatesForm templates={templates} result={result} />
      </Paper>

      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs">
        <Title order={2} fz="lg">
          Webhooks
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          Each new lead of the kinds chosen is posted as JSON to these addresses (a CRM, a spreadsheet service, a chat
          bot), signed so the receiver can check it came from this site. A failed post is tried again like an email.
        </Text>
        {webhooks.length ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Webhooks">
            {webhooks.map((w) => (
              <NotificationRow
                key={w.url}
                kind="webhook"
                address={w.url}
                kinds={w.kinds}
                added={w.created_at}
                result={result}
              />
            ))}
          </Stack>
        ) : (
          <Text size="sm" fs="italic">
            No webhook yet.
          </Text>
        )}
        <Divider my="lg" />
        <AddForm
          kind="webhook"
          result={result}
          placeholder="https://hooks.example.com/dealer-leads"
          description="An http:// or https:// address on the internet (not one on the server's own network)"
        />
      </Paper>
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
