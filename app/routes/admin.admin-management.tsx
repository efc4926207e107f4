import {
  Badge,
  Button,
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
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminPage } from "~/components/admin/AdminPage";
import { Notice } from "~/components/admin/Notice";
import { ADMIN_MIN_PASSWORD_LENGTH } from "~/config/constants";
import { requireAdmin } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp, readFormValues } from "~/http/request.server";
import { can, ROLE_LABELS, ROLES } from "~/lib/roles";
import { listAdmins } from "~/models/admin.server";
import { addStaff, changeStaffPassword, removeStaff, setStaffRole } from "~/use-cases/staff.server";
import { staffActor } from "~/use-cases/use-case.server";

type Intent = "add" | "change" | "remove" | "role";
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
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const manage = can(admin.role, "staff.manage");
  return {
    me: admin.username,
    manage,
    // A sales account sees only its own password form: the staff list is the owners' business.
    admins: manage
      ? (await listAdmins()).map(({ username, role, created_at }) => ({ username, role, created_at }))
      : [],
  };
}

const RUN = { add: addStaff, change: changeStaffPassword, remove: removeStaff, role: setStaffRole } as const;

const SUCCESS = {
  add: () => "Admin added successfully",
  change: () => "Password changed successfully",
  remove: (u: string) => `Admin '${u}' removed successfully`,
  role: (u: string) => `Role of '${u}' changed successfully`,
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, token } = await requireAdmin(request);
  const form = await readFormValues(request);
  const intent: Intent =
    form.intent === "change" || form.intent === "remove" || form.intent === "role" ? form.intent : "add";
  const values = { username: form.username ?? "", role: form.role ?? "" };
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
  children,
}: {
  intent: Intent;
  title: string;
  button: string;
  result: Result | undefined;
  danger?: boolean;
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
          <PasswordInput
            label="Your current password"
            name="currentPassword"
            required
            autoComplete="current-password"
            description="Your own password, to confirm it is you"
            error={mine?.fieldErrors.currentPassword}
          />
          <Button type="submit" loading={busy} mt="auto" color={danger ? "red" : undefined}>
            {button}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}

/** The username field of a form, with suggestions, keeping what was typed after a refusal. */
function UsernameInput({ intent, result, usernames }: { intent: Intent; result?: Result; usernames?: string[] }) {
  const mine = result?.intent === intent && !result.ok ? result : undefined;
  return (
    <>
      <TextInput
        label="Username"
        name="username"
        required
        autoComplete="off"
        defaultValue={mine?.values.username ?? ""}
        error={mine?.fieldErrors.username}
        list={usernames ? `${intent}-usernames` : undefined}
      />
      {usernames ? (
        <datalist id={`${intent}-usernames`}>
          {usernames.map((u) => (
            <option key={u} value={u} />
          ))}
        </datalist>
      ) : null}
    </>
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

function StaffTable({ me, admins }: { me: string; admins: { username: string; role: string; created_at: string }[] }) {
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Title order={2} fz="lg" mb="md">
        Staff
      </Title>
      <Table striped aria-label="Staff">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Username</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Added</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {admins.map((a) => (
            <Table.Tr key={a.username}>
              <Table.Td>
                {a.username}
                {a.username === me ? " (you)" : ""}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={a.role === "owner" ? "brand" : "gray"}>
                  {ROLE_LABELS[a.role as keyof typeof ROLE_LABELS] ?? a.role}
                </Badge>
              </Table.Td>
              <Table.Td>{a.created_at.slice(0, 10)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export default function AdminManagement() {
  const { me, manage, admins } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const usernames = admins.map((a) => a.username);
  const errorOf = (intent: Intent, field: string) =>
    result?.intent === intent && !result.ok ? result.fieldErrors[field] : undefined;
  const notices = (
    <Stack gap="xs" aria-live="polite">
      {result && !result.ok ? <Notice kind="error">{result.message}</Notice> : null}
      {result?.ok ? <Notice kind="success">{result.message}</Notice> : null}
    </Stack>
  );
  if (!manage) {
    return (
      <AdminPage title="Admin Management" description="Change the password you sign in with.">
        {notices}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
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
      description="Add colleagues to the back office, set their roles, reset a password."
    >
      {notices}
      <StaffTable me={me} admins={admins} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StaffForm intent="add" title="Add New Admin" button="Add Admin" result={result}>
          <UsernameInput intent="add" result={result} />
          <NewPassword name="password" label="Password" error={errorOf("add", "password")} />
          <RoleSelect intent="add" result={result} fallback="sales" />
        </StaffForm>
        <StaffForm intent="role" title="Change a role" button="Change Role" result={result}>
          <UsernameInput intent="role" result={result} usernames={usernames} />
          <RoleSelect intent="role" result={result} fallback="sales" />
        </StaffForm>
        <StaffForm intent="change" title="Change Admin Password" button="Change Password" result={result}>
          <UsernameInput intent="change" result={result} usernames={usernames} />
          <NewPassword name="newPassword" label="New Password" error={errorOf("change", "newPassword")} />
        </StaffForm>
        <StaffForm intent="remove" title="Remove Admin" button="Remove Admin" result={result} danger>
          <UsernameInput intent="remove" result={result} usernames={usernames.filter((u) => u !== me)} />
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
