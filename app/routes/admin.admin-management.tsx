import { Button, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { Notice } from "~/components/admin/Notice";
import { ADMIN_MIN_PASSWORD_LENGTH } from "~/config/constants";
import { AddAdminSchema, ChangePasswordSchema, firstIssue } from "~/lib/admin-schema";
import { AdminError, changeAdminPassword, createAdmin } from "~/models/admin.server";
import { requireAdmin } from "~/models/auth.server";
import { deleteOtherSessions } from "~/models/session.server";

type Intent = "add" | "change";
type Result = { intent: Intent; ok: boolean; message: string; username: string; at: number };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireAdmin(request);
  const form = Object.fromEntries(await request.formData());
  const intent: Intent = form.intent === "change" ? "change" : "add";
  const username = typeof form.username === "string" ? form.username : "";
  const prefix = intent === "add" ? "Failed to add admin: " : "Failed to change password: ";
  const fail = (message: string, status: number) => data<Result>({ intent, ok: false, message: prefix + message, username, at: Date.now() }, { status });
  try {
    if (intent === "add") {
      const parsed = AddAdminSchema.safeParse(form);
      if (!parsed.success) return fail(firstIssue(parsed.error), 400);
      await createAdmin(parsed.data.username, parsed.data.password);
      return data<Result>({ intent, ok: true, message: "Admin added successfully", username: "", at: Date.now() });
    }
    const parsed = ChangePasswordSchema.safeParse(form);
    if (!parsed.success) return fail(firstIssue(parsed.error), 400);
    const admin = await changeAdminPassword(parsed.data.username, parsed.data.newPassword);
    await deleteOtherSessions(admin.id, token); // that admin's other devices must sign in again
    return data<Result>({ intent, ok: true, message: "Password changed successfully", username: "", at: Date.now() });
  } catch (e) {
    if (e instanceof AdminError) return fail(e.message, intent === "add" ? 400 : 404);
    throw e;
  }
}

function AdminForm({ intent, title, passwordName, passwordLabel, button, result }: {
  intent: Intent;
  title: string;
  passwordName: string;
  passwordLabel: string;
  button: string;
  result: Result | undefined;
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
          <TextInput label="Username" name="username" required autoComplete="off" defaultValue={mine && !mine.ok ? mine.username : ""} />
          <PasswordInput
            label={passwordLabel}
            name={passwordName}
            required
            minLength={ADMIN_MIN_PASSWORD_LENGTH}
            autoComplete="new-password"
            description={`At least ${ADMIN_MIN_PASSWORD_LENGTH} characters`}
          />
          <Button type="submit" loading={busy} mt="xs">
            {button}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}

export default function AdminManagement() {
  const result = useActionData() as Result | undefined;
  return (
    <AdminPage title="Admin Management" description="Add colleagues to the back office or reset a password.">
      <Stack gap="xs" aria-live="polite">
        {result && !result.ok ? <Notice kind="error">{result.message}</Notice> : null}
        {result?.ok ? <Notice kind="success">{result.message}</Notice> : null}
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AdminForm intent="add" title="Add New Admin" passwordName="password" passwordLabel="Password" button="Add Admin" result={result} />
        <AdminForm intent="change" title="Change Admin Password" passwordName="newPassword" passwordLabel="New Password" button="Change Password" result={result} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Changing a password signs that admin out on every other device.
      </Text>
    </AdminPage>
  );
}
