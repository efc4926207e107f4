import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminPage } from "~/components/admin/AdminPage";
import { Notice } from "~/components/admin/Notice";
import { ResponsiveTable } from "~/components/admin/ResponsiveTable";
import { ADMIN_MIN_PASSWORD_LENGTH } from "~/config/constants";
import { requireAdmin } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp, readFormValues } from "~/http/request.server";
import { formatNigerianPhone, localNigerianPhone } from "~/lib/phone";
import { can, isOwner, ROLE_LABELS, ROLES, type Role } from "~/lib/roles";
import { listAdmins, type StaffMember } from "~/models/admin.server";
import { addStaff, changeStaffPassword, removeStaff, setStaffRole, updateStaffDetails } from "~/use-cases/staff.server";
import { staffActor } from "~/use-cases/use-case.server";

type Intent = "add" | "change" | "remove" | "role" | "details";
/** The actions of a staff row, each at its own address (?do=<intent>&user=<username>). */
type RowIntent = Exclude<Intent, "add">;
const ROW_INTENTS: readonly RowIntent[] = ["details", "role", "change", "remove"];
const isRowIntent = (v: unknown): v is RowIntent => (ROW_INTENTS as readonly unknown[]).includes(v);
type Result = {
  intent: Intent;
  ok: boolean;
  message: string;
  fieldErrors: Record<string, string>;
  /** What was typed (never the passwords), to fill the form again after a refusal. */
  values: Record<string, string>;
  at: number;
};

const FAILURE_PREFIX: Record<Intent, string> = {
  add: "Failed to add admin: ",
  change: "Failed to change password: ",
  remove: "Failed to remove admin: ",
  role: "Failed to change role: ",
  details: "Failed to save the details: ",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const manage = can(admin.role, "staff.manage");
  // A sales account sees only its own forms: the staff list is the owners' business.
  const staff: StaffMember[] = (await listAdmins()).filter((a) => manage || a.id === admin.id);
  const params = new URL(request.url).searchParams;
  const intent = params.get("do");
  const who = staff.find((a) => a.username.toLowerCase() === params.get("user")?.toLowerCase());
  const mine = who?.id === admin.id;
  // The row action asked for: yourself you may rename or give a new password, never remove or demote here.
  const open =
    isRowIntent(intent) && who && (manage || mine) && !(mine && (intent === "remove" || intent === "role"))
      ? { intent, username: who.username }
      : null;
  return {
    me: admin.username,
    manage,
    open,
    admins: staff.map(({ username, role, created_at, displayName, phone }) => ({
      username,
      role,
      created_at,
      displayName,
      phone,
    })),
  };
}

const RUN = {
  add: addStaff,
  change: changeStaffPassword,
  remove: removeStaff,
  role: setStaffRole,
  details: updateStaffDetails,
} as const;

const SUCCESS = {
  add: () => "Admin added successfully",
  change: () => "Password changed successfully",
  remove: (u: string) => `Admin '${u}' removed successfully`,
  role: (u: string) => `Role of '${u}' changed successfully`,
  details: (u: string) => `Name and phone of '${u}' saved`,
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, token } = await requireAdmin(request);
  const form = await readFormValues(request);
  const intent: Intent = isRowIntent(form.intent) ? form.intent : "add";
  const values = {
    username: form.username ?? "",
    role: form.role ?? "",
    displayName: form.displayName ?? "",
    phone: form.phone ?? "",
  };
  try {
    const done = await RUN[intent](staffActor(admin, clientIp(context), token), form);
    const username = "admin" in done ? done.admin.username : done.username;
    return data<Result>({
      intent,
      ok: true,
      message: SUCCESS[intent](username),
      fieldErrors: {},
      values: {},
      at: Date.now(),
    });
  } catch (e) {
    const failure = refusalForPage(e);
    return data<Result>(
      {
        intent,
        ok: false,
        message: FAILURE_PREFIX[intent] + failure.message,
        fieldErrors: failure.fieldErrors,
        values,
        at: Date.now(),
      },
      { status: failure.status },
    );
  }
}

function StaffForm({
  intent,
  title,
  button,
  result,
  danger = false,
  confirm = true,
  cancelHref,
  children,
}: {
  intent: Intent;
  title: string;
  button: string;
  result: Result | undefined;
  danger?: boolean;
  /** Asks the signed-in person's own password (every account change but a name and phone). */
  confirm?: boolean;
  /** A row action's way back to the list without doing it. */
  cancelHref?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const mine = result?.intent === intent ? result : undefined;
  return (
    // A column whose button sits at the bottom, so the buttons of cards side by side line up.
    <Paper withBorder radius="md" p="lg" shadow="xs" style={{ display: "flex", flexDirection: "column" }}>
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {/* A new key after each answer: fields clear after a success, keep what was typed after a failure. */}
      <Form
        method="post"
        key={mine ? `${mine.at}` : "initial"}
        aria-label={title}
        style={{ flex: 1, display: "flex", flexDirection: "column" }}
      >
        <input type="hidden" name="intent" value={intent} />
        <Stack gap="sm" style={{ flex: 1 }}>
          {children}
          {confirm ? (
            <PasswordInput
              label="Your current password"
              name="currentPassword"
              required
              autoComplete="current-password"
              description="Your own password, to confirm it is you"
              error={mine?.fieldErrors.currentPassword}
            />
          ) : null}
          <Group mt="auto" gap="sm" justify="flex-end">
            {cancelHref ? (
              <Button component={Link} to={cancelHref} variant="default" preventScrollReset>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={busy} color={danger ? "red" : undefined} fullWidth={!cancelHref}>
              {button}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

/** The username field of the Add form, keeping what was typed after a refusal. */
function UsernameInput({ result }: { result?: Result }) {
  const mine = result?.intent === "add" && !result.ok ? result : undefined;
  return (
    <TextInput
      label="Username"
      name="username"
      required
      autoComplete="off"
      defaultValue={mine?.values.username ?? ""}
      error={mine?.fieldErrors.username}
    />
  );
}

function NewPassword({ name, label, error }: { name: string; label: string; error?: string }) {
  return (
    <PasswordInput
      label={label}
      name={name}
      required
      minLength={ADMIN_MIN_PASSWORD_LENGTH}
      autoComplete="new-password"
      description={`At least ${ADMIN_MIN_PASSWORD_LENGTH} characters`}
      error={error}
    />
  );
}

function RoleSelect({ intent, result, fallback }: { intent: Intent; result?: Result; fallback: string }) {
  const mine = result?.intent === intent && !result.ok ? result : undefined;
  return (
    <NativeSelect
      label="Role"
      name="role"
      defaultValue={mine?.values.role || fallback}
      error={mine?.fieldErrors.role}
      data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
      description="Owner: everything. Sales: cars, sales, leads and reports."
    />
  );
}

/** Display name and phone, filled with what is stored (or what was typed after a refusal). */
function DetailFields({
  intent,
  result,
  member,
}: {
  intent: Intent;
  result?: Result;
  member?: { displayName: string | null; phone: string | null };
}) {
  const mine = result?.intent === intent && !result.ok ? result : undefined;
  return (
    <>
      <TextInput
        label="Display name"
        name="displayName"
        maxLength={60}
        autoComplete="off"
        description="Shown on the leads assigned to them, e.g. Chidi Okafor"
        defaultValue={mine?.values.displayName ?? member?.displayName ?? ""}
        error={mine?.fieldErrors.displayName}
      />
      <TextInput
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="off"
        description="Optional, e.g. 0803 555 0142"
        defaultValue={mine?.values.phone ?? (member?.phone ? localNigerianPhone(member.phone) : "")}
        error={mine?.fieldErrors.phone}
      />
    </>
  );
}

type Member = Awaited<ReturnType<typeof loader>>["admins"][number];

const nameOf = (m: Member) => m.displayName ?? m.username;

function RoleBadge({ role }: { role: string }) {
  return (
    <Badge variant="light" color={isOwner(role as Role) ? "brand" : "gray"}>
      {ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role}
    </Badge>
  );
}

/** A row's own actions, each a link to its form (works without JavaScript). */
function RowActions({ member, me }: { member: Member; me: string }) {
  const self = member.username === me;
  const href = (intent: RowIntent) => `?do=${intent}&user=${encodeURIComponent(member.username)}`;
  const actions: [RowIntent, string][] = self
    ? [
        ["details", "Edit name and phone"],
        ["change", "Change password"],
      ]
    : [
        ["details", "Edit name and phone"],
        ["role", "Change role"],
        ["change", "Reset password"],
        ["remove", "Remove"],
      ];
  return (
    <Group gap={6}>
      {actions.map(([intent, label]) => (
        <Button
          key={intent}
          component={Link}
          to={href(intent)}
          preventScrollReset
          size="xs"
          variant={intent === "remove" ? "subtle" : "light"}
          color={intent === "remove" ? "red" : undefined}
          aria-label={`${label}: ${member.username}`}
          data-action={intent}
          style={{ flex: "none" }}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

function Who({ member, me }: { member: Member; me: string }) {
  return (
    <>
      <Text fw={600} size="sm">
        {nameOf(member)}
        {member.username === me ? " (you)" : ""}
      </Text>
      {member.displayName ? (
        <Text size="xs" c="dimmed">
          {member.username}
        </Text>
      ) : null}
    </>
  );
}

function StaffTable({ me, admins }: { me: string; admins: Member[] }) {
  const phone = (m: Member) => (m.phone ? formatNigerianPhone(m.phone) : "—");
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Staff
      </Title>
      <ResponsiveTable
        columns={["Name", "Phone", "Role", "Added", "Actions"]}
        label="Staff"
        empty="No staff yet."
        minWidth={720}
        fz="sm"
        horizontalSpacing="sm"
        cards={
          <Stack gap="sm" component="ul" aria-label="Staff" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {admins.map((a) => (
              <Paper key={a.username} component="li" withBorder radius="md" p="sm" shadow="xs" data-staff={a.username}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Who member={a} me={me} />
                    <Text size="xs" c="dimmed">
                      {phone(a)} · added {a.created_at.slice(0, 10)}
                    </Text>
                  </div>
                  <RoleBadge role={a.role} />
                </Group>
                <Group mt="sm">
                  <RowActions member={a} me={me} />
                </Group>
              </Paper>
            ))}
          </Stack>
        }
        rows={admins.map((a) => (
          <Table.Tr key={a.username} data-staff={a.username}>
            <Table.Td>
              <Who member={a} me={me} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{phone(a)}</Table.Td>
            <Table.Td style={{ minWidth: 96 }}>
              <RoleBadge role={a.role} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{a.created_at.slice(0, 10)}</Table.Td>
            <Table.Td>
              <RowActions member={a} me={me} />
            </Table.Td>
          </Table.Tr>
        ))}
      />
    </Stack>
  );
}

/** The form of the row action asked for at this address, for one staff member. */
function RowAction({
  intent,
  member,
  me,
  result,
}: {
  intent: RowIntent;
  member: Member;
  me: string;
  result: Result | undefined;
}) {
  const self = member.username === me;
  const name = self ? "your" : `${nameOf(member)}'s`;
  const cancelHref = "/admin/admin-management";
  const errorOf = (field: string) => (result?.intent === intent && !result.ok ? result.fieldErrors[field] : undefined);
  const target = <input type="hidden" name="username" value={member.username} />;
  if (intent === "details") {
    return (
      <StaffForm
        intent="details"
        title={self ? "Your name and phone" : `Name and phone of ${member.username}`}
        button="Save"
        result={result}
        confirm={false}
        cancelHref={cancelHref}
      >
        {target}
        <DetailFields intent="details" result={result} member={member} />
      </StaffForm>
    );
  }
  if (intent === "role") {
    return (
      <StaffForm
        intent="role"
        title={`Change the role of ${member.username}`}
        button="Change Role"
        result={result}
        cancelHref={cancelHref}
      >
        {target}
        <RoleSelect intent="role" result={result} fallback={member.role} />
      </StaffForm>
    );
  }
  if (intent === "change") {
    return (
      <StaffForm
        intent="change"
        title={self ? "Change your password" : `Reset ${name} password`}
        button="Change Password"
        result={result}
        cancelHref={cancelHref}
      >
        {target}
        <NewPassword name="newPassword" label="New Password" error={errorOf("newPassword")} />
      </StaffForm>
    );
  }
  return (
    <StaffForm
      intent="remove"
      title={`Remove ${member.username}`}
      button="Remove Admin"
      result={result}
      danger
      cancelHref={cancelHref}
    >
      {target}
      <Text size="sm">{nameOf(member)} can no longer sign in, and is signed out everywhere at once.</Text>
    </StaffForm>
  );
}

export default function AdminManagement() {
  const { me, manage, admins, open } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errorOf = (intent: Intent, field: string) =>
    result?.intent === intent && !result.ok ? result.fieldErrors[field] : undefined;
  const notices = (
    <Stack gap="xs" aria-live="polite">
      {result && !result.ok ? <Notice kind="error">{result.message}</Notice> : null}
      {result?.ok ? <Notice kind="success">{result.message}</Notice> : null}
    </Stack>
  );
  // The row action stays open until it succeeds; then the list shows the change.
  const member = open ? admins.find((a) => a.username === open.username) : undefined;
  const done = result?.ok && result.intent === open?.intent;
  const panel =
    open && member && !done ? <RowAction intent={open.intent} member={member} me={me} result={result} /> : null;
  if (!manage) {
    const self = admins.find((a) => a.username === me);
    return (
      <AdminPage title="Admin Management" description="Your name and phone on the leads, and your password.">
        {notices}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <StaffForm intent="details" title="Your name and phone" button="Save" result={result} confirm={false}>
            <input type="hidden" name="username" value={me} />
            <DetailFields intent="details" result={result} member={self} />
          </StaffForm>
          <StaffForm intent="change" title="Change your password" button="Change Password" result={result}>
            <input type="hidden" name="username" value={me} />
            <NewPassword name="newPassword" label="New Password" error={errorOf("change", "newPassword")} />
          </StaffForm>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Your account is a sales account. An owner adds and removes staff and changes roles.
        </Text>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title="Admin Management"
      description="Add colleagues to the back office; each row has its own actions: name and phone, role, password."
    >
      {notices}
      {panel}
      <StaffTable me={me} admins={admins} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StaffForm intent="add" title="Add New Admin" button="Add Admin" result={result}>
          <UsernameInput result={result} />
          <NewPassword name="password" label="Password" error={errorOf("add", "password")} />
          <RoleSelect intent="add" result={result} fallback="sales" />
          <DetailFields intent="add" result={result} />
        </StaffForm>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Changing a password signs that person out on every other device; removing an account signs them out everywhere
        at once. You cannot remove yourself, and the last owner can be neither removed nor made a sales account.
      </Text>
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
