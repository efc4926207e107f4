import { Button, Paper, PasswordInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { Notice } from "~/components/admin/Notice";
import { ADMIN_MIN_PASSWORD_LENGTH } from "~/config/constants";
import { confirmOwnPassword, LoginError, requireAdmin } from "~/http/auth.server";
import { clientIp } from "~/http/request.server";
import { AddAdminSchema, ChangePasswordSchema, RemoveAdminSchema } from "~/lib/admin-schema";
import { firstError, validate } from "~/lib/validation";
import { recordActivity } from "~/models/activity.server";
import { AdminError, changeAdminPassword, createAdmin, listAdmins, removeAdmin } from "~/models/admin.server";
import { deleteOtherSessions } from "~/models/session.server";

type Intent = "add" | "change" | "remove";
type Result = { intent: Intent; ok: boolean; message: string; username: string; at: number };

const FAILURE_PREFIX: Record<Intent, string> = {
  add: "Failed to add admin: ",
  change: "Failed to change password: ",
  remove: "Failed to remove admin: ",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  return {
    me: admin.username,
    admins: (await listAdmins()).map(({ username, created_at }) => ({ username, created_at })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin: me, token } = await requireAdmin(request);
  const form = Object.fromEntries(await request.formData());
  const intent: Intent = form.intent === "change" || form.intent === "remove" ? form.intent : "add";
  const username = typeof form.username === "string" ? form.username : "";
  const fail = (message: string, status: number) =>
    data<Result>(
      { intent, ok: false, message: FAILURE_PREFIX[intent] + message, username, at: Date.now() },
      { status },
    );
  const done = (message: string) => data<Result>({ intent, ok: true, message, username: "", at: Date.now() });
  try {
    if (intent === "add") {
      const parsed = validate(AddAdminSchema, form);
      if (!parsed.ok) return fail(firstError(parsed.fieldErrors), 400);
      const added = await createAdmin(parsed.data.username, parsed.data.password);
      await recordActivity(me, { action: "admin.add", target: { id: added.username } });
      return done("Admin added successfully");
    }
    if (intent === "change") {
      const parsed = validate(ChangePasswordSchema, form);
      if (!parsed.ok) return fail(firstError(parsed.fieldErrors), 400);
      await confirmOwnPassword(clientIp(context), me, parsed.data.currentPassword);
      const admin = await changeAdminPassword(parsed.data.username, parsed.data.newPassword);
      await deleteOtherSessions(admin.id, admin.id === me.id ? token : null); // their other devices sign in again
      await recordActivity(me, { action: "admin.password", target: { id: admin.username } });
      return done("Password changed successfully");
    }
    const parsed = validate(RemoveAdminSchema, form);
    if (!parsed.ok) return fail(firstError(parsed.fieldErrors), 400);
    await confirmOwnPassword(clientIp(context), me, parsed.data.currentPassword);
    const removed = await removeAdmin(me.id, parsed.data.username);
    await recordActivity(me, { action: "admin.remove", target: { id: removed.username } });
    return done(`Admin '${removed.username}' removed successfully`);
  } catch (e) {
    if (e instanceof LoginError) return fail(e.message, e.status);
    if (e instanceof AdminError) return fail(e.message, /^No admin/.test(e.message) ? 404 : 400);
    throw e;
  }
}

function AdminForm({
  intent,
  title,
  passwordName,
  passwordLabel,
  button,
  result,
  askCurrent = false,
  danger = false,
  usernames,
}: {
  intent: Intent;
  title: string;
  /** The new password's field, if the form sets one. */
  passwordName?: string;
  passwordLabel?: string;
  button: string;
  result: Result | undefined;
  /** Ask for the signed-in admin's own password (account changes). */
  askCurrent?: boolean;
  danger?: boolean;
  /** Usernames to suggest in the username field. */
  usernames?: string[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const mine = result?.intent === intent ? result : undefined;
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {/* A new key after each answer: fields clear after a success, keep the username after a failure. */}
      <Form method="post" key={mine ? `${mine.at}` : "initial"}>
        <input type="hidden" name="intent" value={intent} />
        <Stack gap="sm">
          <TextInput
            label="Username"
            name="username"
            required
            autoComplete="off"
            defaultValue={mine && !mine.ok ? mine.username : ""}
            list={usernames ? `${intent}-usernames` : undefined}
          />
          {usernames ? (
            <datalist id={`${intent}-usernames`}>
              {usernames.map((u) => (
                <option key={u} value={u} />
              ))}
            </datalist>
          ) : null}
          {passwordName ? (
            <PasswordInput
              label={passwordLabel}
              name={passwordName}
              required
              minLength={ADMIN_MIN_PASSWORD_LENGTH}
              autoComplete="new-password"
              description={`At least ${ADMIN_MIN_PASSWORD_LENGTH} characters`}
            />
          ) : null}
          {askCurrent ? (
            <PasswordInput
              label="Your current password"
              name="currentPassword"
              required
              autoComplete="current-password"
              description="Your own password, to confirm it is you"
            />
          ) : null}
          <Button type="submit" loading={busy} mt="xs" color={danger ? "red" : undefined}>
            {button}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}

export default function AdminManagement() {
  const { me, admins } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const usernames = admins.map((a) => a.username);
  return (
    <AdminPage title="Admin Management" description="Add colleagues to the back office or reset a password.">
      <Stack gap="xs" aria-live="polite">
        {result && !result.ok ? <Notice kind="error">{result.message}</Notice> : null}
        {result?.ok ? <Notice kind="success">{result.message}</Notice> : null}
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AdminForm
          intent="add"
          title="Add New Admin"
          passwordName="password"
          passwordLabel="Password"
          button="Add Admin"
          result={result}
        />
        <AdminForm
          intent="change"
          title="Change Admin Password"
          passwordName="newPassword"
          passwordLabel="New Password"
          button="Change Password"
          result={result}
          askCurrent
          usernames={usernames}
        />
        <AdminForm
          intent="remove"
          title="Remove Admin"
          button="Remove Admin"
          result={result}
          askCurrent
          danger
          usernames={usernames.filter((u) => u !== me)}
        />
        <Paper withBorder radius="md" p="lg" shadow="xs">
          <Title order={2} fz="lg" mb="md">
            Admins
          </Title>
          <Table striped aria-label="Admins">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Username</Table.Th>
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
                  <Table.Td>{a.created_at.slice(0, 10)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Changing a password signs that admin out on every other device; removing an admin signs them out everywhere at
        once. You cannot remove yourself or the last admin.
      </Text>
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
