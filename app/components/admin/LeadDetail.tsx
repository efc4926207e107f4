import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { activityActionLabel } from "~/lib/activity";
import { lagosDateTime } from "~/lib/lagos-time";
import {
  LEAD_NOTE_MAX,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  telUrl,
  whatsappChatUrl,
} from "~/lib/leads";
import { formatNaira } from "~/lib/money";
import { formatNigerianPhone } from "~/lib/phone";
import type { ActivityEntry } from "~/models/activity.server";
import type { Lead, LeadFieldValue } from "~/models/lead-inbox.server";
import { useFormDraft } from "./useFormDraft";

/** How each stored field of a lead is labelled and shown. */
const LABELS: Record<string, string> = {
  name: "Full name",
  phone: "Phone number",
  email: "Email address",
  car_make: "Car make",
  car_model: "Car model",
  inspection_date: "Inspection date",
  other_info: "Other information",
  message: "Message",
  car_wanted: "Car wanted",
  budget: "Budget",
  search: "Their search",
  car_label: "Car",
  from_path: "Clicked on page",
  car_name: "Car",
  car_price: "Car price",
  initial_deposit: "Deposit",
  amount_financed: "Amount financed",
  loan_period: "Period",
  monthly_repayment: "Monthly repayment",
  age_bracket: "Age bracket",
  client_location: "Location",
  employment_status: "Employment status",
  income_range: "Monthly income",
  client_id: "Valid means of ID?",
  bvn_available: "BVN available?",
  deposit_available: "Deposit ready?",
  referral: "How did you hear about us?",
  created_at: "Sent",
};
const MONEY = new Set(["car_price", "initial_deposit", "amount_financed", "monthly_repayment", "budget"]);

function shown(key: string, value: LeadFieldValue): string {
  if (value === null || value === "") return "N/A";
  if (MONEY.has(key)) return formatNaira(value);
  if (key === "phone" && typeof value === "string") return formatNigerianPhone(value);
  if (key === "created_at" && typeof value === "string") return lagosDateTime(value);
  return String(value);
}

/** Everything the buyer sent, as a labelled list. */
export function LeadFields({ title, fields }: { title: string; fields: Record<string, LeadFieldValue> }) {
  const entries = Object.entries(fields);
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing was stored.
        </Text>
      ) : (
        <dl style={{ margin: 0, display: "grid", gap: 8 }}>
          {entries.map(([key, value]) => (
            <div key={key}>
              <Text component="dt" size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.4}>
                {LABELS[key] ?? key}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {shown(key, value)}
              </Text>
            </div>
          ))}
        </dl>
      )}
    </Paper>
  );
}

/** One-tap answers: call, WhatsApp, email. */
export function AnswerLinks({ phone, email }: { phone: string | null; email: string | null }) {
  if (!phone && !email) return null;
  return (
    <Group gap="sm">
      {phone ? (
        <Button component="a" href={telUrl(phone)}>
          Call {formatNigerianPhone(phone)}
        </Button>
      ) : null}
      {phone ? (
        <Button component="a" href={whatsappChatUrl(phone)} target="_blank" rel="noopener noreferrer" color="green">
          WhatsApp
        </Button>
      ) : null}
      {email ? (
        <Button component="a" href={`mailto:${email}`} variant="default">
          Email
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The status and note form: a plain post, so it works without JavaScript. With it, a half-typed
 * note is kept on the device (as the car form's draft) and put back after an idle logout.
 */
export function LeadStatusForm({
  draftKey,
  status,
  note,
  error,
  fieldErrors,
}: {
  draftKey: string;
  status: LeadStatus;
  note: string | null;
  error?: string;
  fieldErrors?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "assign";
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useFormDraft(formRef, draftKey);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (!draft.offer) return;
    draft.restore();
    setRestored(true);
  }, [draft.offer, draft.restore]);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "md", sm: "lg" }}
      shadow="xs"
      component="section"
      aria-label="Status and note"
    >
      <Title order={2} fz="lg" mb="sm">
        Status and note
      </Title>
      <Form method="post" ref={formRef} onSubmit={draft.clear}>
        <Stack gap="sm">
          <NativeSelect
            label="Status"
            name="status"
            defaultValue={status}
            data={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
            error={fieldErrors?.status}
          />
          <Textarea
            label="Note"
            name="note"
            defaultValue={note ?? ""}
            autosize
            minRows={3}
            maxLength={LEAD_NOTE_MAX}
            description={`Optional, for colleagues: what was said, what happens next (up to ${LEAD_NOTE_MAX}).`}
            error={fieldErrors?.note}
          />
          {restored ? (
            <Text size="sm" c="blue.8" role="status">
              Your unsent note is back: Save to keep it.
            </Text>
          ) : null}
          {error ? (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

/** "Assigned to Chidi Okafor · 0803 555 0142" (the phone a link to call), or "Not assigned". */
export function AssignedTo({ lead }: { lead: Lead }) {
  if (!lead.assignee)
    return (
      <Text size="sm" c="dimmed">
        Not assigned
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" data-testid="assigned-to">
      Assigned to{" "}
      <Text span fw={600} c="dark">
        {lead.assignee_name ?? lead.assignee}
      </Text>
      {lead.assignee_phone ? (
        <>
          {" · "}
          <Anchor href={`tel:${lead.assignee_phone}`} size="sm">
            {formatNigerianPhone(lead.assignee_phone)}
          </Anchor>
        </>
      ) : null}
    </Text>
  );
}

/** Who answers this lead: a native select of the staff (or nobody) and Save, a plain post. */
export function LeadAssigneeForm({
  assignee,
  staff,
  error,
}: {
  assignee: string | null;
  /** The staff: username and the name shown (their display name, else the username). */
  staff: { username: string; name: string }[];
  error?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "assign";
  const options = [{ value: "", label: "Nobody" }, ...staff.map((u) => ({ value: u.username, label: u.name }))];
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs" component="section" aria-label="Assignee">
      <Title order={2} fz="lg" mb="sm">
        Assigned to
      </Title>
      <Form method="post" key={assignee ?? ""}>
        <input type="hidden" name="intent" value="assign" />
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <NativeSelect
            label="Staff member"
            name="assignee"
            defaultValue={assignee ?? ""}
            data={options}
            error={error}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Form>
    </Paper>
  );
}

/** Who changed this lead, when, and how (from the activity trail). */
export function LeadHistory({ entries }: { entries: ActivityEntry[] }) {
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs" component="section" aria-label="History">
      <Title order={2} fz="lg" mb="sm">
        History
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody has changed this lead yet.
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {entries.map((e) => (
            <Text component="li" key={e.id} size="sm">
              <b>{e.admin_username}</b> · {lagosDateTime(e.created_at)} · {activityActionLabel(e.action)}
              {e.detail ? `: ${e.detail}` : ""}
            </Text>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to="/admin/activity?kind=lead" size="sm" mt="sm" display="inline-block">
        All lead activity
      </Anchor>
    </Paper>
  );
}

/** Two columns on wide screens (what was sent; status and history), one on phones. */
export function LeadLayout({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="lg">{main}</Stack>
      <Stack gap="lg">{side}</Stack>
    </SimpleGrid>
  );
}
