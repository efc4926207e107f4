import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { Notice } from "~/components/admin/Notice";
import { MailStatus } from "~/components/admin/NotificationForms";
import { ResponsiveTable } from "~/components/admin/ResponsiveTable";
import { Pagination } from "~/components/Pagination";
import { ADMIN_OUTBOX_PAGE_SIZE, OUTBOX_KEEP_SENT_DAYS, OUTBOX_RETRY_MINUTES } from "~/config/constants";
import { requirePermission } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { parsePage } from "~/lib/car-filters";
import { lagosDateTime } from "~/lib/lagos-time";
import { LEAD_KIND_LABELS, leadPath } from "~/lib/leads";
import {
  fromHeader,
  isOutboxStatus,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
  OUTBOX_TOPIC_LABELS,
  type OutboxStatus,
} from "~/lib/outbox";
import { whatsappRecipientLabel } from "~/lib/whatsapp-messages";
import { getBusiness } from "~/models/business.server";
import { mailSettings } from "~/models/notifications.server";
import { type OutboxListItem, pageOutbox } from "~/models/outbox.server";
import { resendMessage } from "~/use-cases/notifications.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * The outbox (owners): every email, webhook and WhatsApp message, newest first, with where it stands: queued (and
 * when it is tried next), sent, or failed with the mail server's or the receiver's answer. A
 * failed one can be sent again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "notifications.manage");
  const params = new URL(request.url).searchParams;
  const raw = params.get("status");
  const status = isOutboxStatus(raw) ? raw : null;
  const [result, business] = await Promise.all([
    pageOutbox(status, parsePage(params), ADMIN_OUTBOX_PAGE_SIZE),
    getBusiness(),
  ]);
  const mail = mailSettings();
  return { ...result, status, mail: { ...mail, from: fromHeader(mail.from, business) } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, token } = await requirePermission(request, "notifications.manage");
  const id = Number((await request.formData()).get("id"));
  try {
    const message = await resendMessage(staffActor(admin, clientIp(context), token), id);
    return { ok: true as const, message: `Queued again: "${message.subject}" to ${recipientOf(message)}.` };
  } catch (e) {
    const failure = refusalForPage(e);
    return data({ ok: false as const, message: failure.message }, { status: failure.status });
  }
}

const STATUS_COLORS: Record<OutboxStatus, string> = { queued: "blue", sent: "green", failed: "red" };

function StatusCell({ m }: { m: OutboxListItem }) {
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Badge color={STATUS_COLORS[m.status]} variant="light" radius="sm" tt="none">
          {OUTBOX_STATUS_LABELS[m.status]}
        </Badge>
        {m.attempts > 1 || m.status === "failed" ? (
          <Text size="xs" c="dimmed">
            {m.attempts} of {OUTBOX_MAX_ATTEMPTS} tries
          </Text>
        ) : null}
      </Group>
      {m.status === "queued" && m.attempts > 0 ? (
        <Text size="xs" c="dimmed">
          Next try {lagosDateTime(m.next_attempt_at)}
        </Text>
      ) : null}
      {m.status === "sent" && m.sent_at ? (
        <Text size="xs" c="dimmed">
          {lagosDateTime(m.sent_at)}
        </Text>
      ) : null}
      {m.last_error ? (
        <Text size="xs" c={m.status === "failed" ? "red.8" : "dimmed"} style={{ overflowWrap: "anywhere" }}>
          {m.last_error}
        </Text>
      ) : null}
    </Stack>
  );
}

function ResendButton({ m }: { m: OutboxListItem }) {
  const navigation = useNavigation();
  if (m.status !== "failed") return null;
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(m.id);
  return (
    <Form method="post">
      <input type="hidden" name="id" value={m.id} />
      <Button type="submit" size="xs" variant="light" loading={busy} aria-label={`Resend message ${m.id}`}>
        Resend
      </Button>
    </Form>
  );
}

/** To whom: an address, or a WhatsApp number as people write it. */
function recipientOf(m: Pick<OutboxListItem, "channel" | "recipient">): string {
  return m.channel === "whatsapp" ? `${whatsappRecipientLabel(m.recipient)} on WhatsApp` : m.recipient;
}

function What({ m }: { m: OutboxListItem }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {OUTBOX_TOPIC_LABELS[m.topic]}
        {m.channel === "whatsapp" ? " (WhatsApp)" : ""}
      </Text>
      {m.lead_kind && m.lead_id !== null ? (
        <Anchor component={Link} to={leadPath(m.lead_kind, m.lead_id)} size="xs">
          {LEAD_KIND_LABELS[m.lead_kind]} {m.lead_id}
        </Anchor>
      ) : null}
    </Stack>
  );
}

function Cards({ rows }: { rows: OutboxListItem[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((m) => (
        <Paper key={m.id} component="li" withBorder radius="md" p="sm" shadow="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <What m={m} />
            <Text size="xs" c="dimmed">
              {lagosDateTime(m.created_at)}
            </Text>
          </Group>
          <Text size="sm" mt={6} style={{ overflowWrap: "anywhere" }}>
            {m.subject}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            To {recipientOf(m)}
          </Text>
          <Group justify="space-between" align="flex-end" mt={6} wrap="nowrap">
            <StatusCell m={m} />
            <ResendButton m={m} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

const COLUMNS = ["Queued", "What", "To", "Subject", "Status", ""];

export default function Outbox() {
  const { rows, total, page, pageCount, counts, status, mail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const all = counts.queued + counts.sent + counts.failed;
  const tabs: { key: OutboxStatus | null; label: string; n: number }[] = [
    { key: null, label: "All", n: all },
    ...OUTBOX_STATUSES.map((s) => ({ key: s, label: OUTBOX_STATUS_LABELS[s], n: counts[s] })),
  ];
  return (
    <AdminPage
      title="Outbox"
      description={
        "Every email, webhook and WhatsApp message the site sends, and where it stands. " +
        "A failed message can be sent again."
      }
    >
      <Stack gap="xs" aria-live="polite">
        {result ? <Notice kind={result.ok ? "success" : "error"}>{result.message}</Notice> : null}
      </Stack>
      <MailStatus mail={mail} outboxLink={false} />
      <Group gap="xs" component="nav" aria-label="Messages by status">
        {tabs.map((t) => (
          <Button
            key={t.label}
            component={Link}
            to={t.key ? `/admin/outbox?status=${t.key}` : "/admin/outbox"}
            size="xs"
            radius="xl"
            variant={t.key === status ? "filled" : "default"}
            color={t.key === "failed" && t.n > 0 ? "red" : undefined}
            aria-current={t.key === status ? "page" : undefined}
          >
            {t.label} ({t.n})
          </Button>
        ))}
      </Group>
      <ResponsiveTable
        columns={COLUMNS}
        minWidth={860}
        fz="sm"
        empty={status ? `No ${OUTBOX_STATUS_LABELS[status].toLowerCase()} message.` : "Nothing has been sent yet."}
        cards={<Cards rows={rows} />}
        rows={rows.map((m) => (
          <Table.Tr key={m.id}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{lagosDateTime(m.created_at)}</Table.Td>
            <Table.Td>
              <What m={m} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere", maxWidth: 220 }}>{recipientOf(m)}</Table.Td>
            <Table.Td style={{ maxWidth: 320 }}>{m.subject}</Table.Td>
            <Table.Td style={{ maxWidth: 280 }}>
              <StatusCell m={m} />
            </Table.Td>
            <Table.Td>
              <ResendButton m={m} />
            </Table.Td>
          </Table.Tr>
        ))}
      />
      <Text size="xs" c="dimmed">
        {total} message{total === 1 ? "" : "s"}. A failed delivery is tried again after{" "}
        {OUTBOX_RETRY_MINUTES.join(", ")} minutes ({OUTBOX_MAX_ATTEMPTS} tries in all). Sent messages are kept for{" "}
        {OUTBOX_KEEP_SENT_DAYS} days. Times are Lagos time.
      </Text>
      <Pagination page={page} pageCount={pageCount} label="Outbox pages" />
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
