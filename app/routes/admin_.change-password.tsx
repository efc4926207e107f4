import { Box, Button, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminMantine, mantineLinks } from "~/components/admin/AdminMantine";
import { Notice } from "~/components/admin/Notice";
import { ADMIN_MIN_PASSWORD_LENGTH } from "~/config/constants";
import { requireAdmin } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp, readFormValues } from "~/http/request.server";
import { businessFromMatches } from "~/lib/business";
import { changeStaffPassword } from "~/use-cases/staff.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * /admin/change-password: the signed-in admin chooses their own password. Every other admin page
 * leads here while the admin must (their current password was chosen by someone else); it also
 * serves anyone who simply wants a new one. A plain form: it works without JavaScript.
 */

const PASSWORDS_DIFFER = "The two new passwords are not the same";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, mustChangePassword } = await requireAdmin(request, { pendingPasswordChange: true });
  return { username: admin.username, mustChangePassword };
}

type Result = { message: string; fieldErrors: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, token } = await requireAdmin(request, { pendingPasswordChange: true });
  const form = await readFormValues(request);
  if ((form.newPassword ?? "") !== (form.confirmPassword ?? "")) {
    return data<Result>({ message: PASSWORDS_DIFFER, fieldErrors: { confirmPassword: PASSWORDS_DIFFER } }, 400);
  }
  try {
    await changeStaffPassword(staffActor(admin, clientIp(context), token), {
      username: admin.username,
      currentPassword: form.currentPassword,
      newPassword: form.newPassword,
    });
  } catch (e) {
    const failure = refusalForPage(e);
    return data<Result>({ message: failure.message, fieldErrors: failure.fieldErrors }, failure.status);
  }
  return redirect("/admin");
}

export default function ChangePassword() {
  const { username, mustChangePassword } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AdminMantine>
      <Box mih="100vh" display="grid" style={{ placeItems: "center", background: "#0f1d33" }} p="md">
        <Paper w="100%" maw={420} p={{ base: "lg", sm: "xl" }} radius="lg" shadow="xl">
          <Stack gap="md">
            <div>
              <Title order={1} fz={26}>
                Choose your password
              </Title>
              <Text size="sm" c="dimmed">
                Signed in as {username}.
              </Text>
            </div>
            {mustChangePassword ? (
              <Notice kind="info">
                Your password was set by someone else. Choose your own before using the back office.
              </Notice>
            ) : null}
            {result ? <Notice kind="error">{result.message}</Notice> : null}
            <Form method="post" replace aria-label="Choose your password">
              <Stack gap="sm">
                <PasswordInput
                  label="Current password"
                  name="currentPassword"
                  required
                  autoComplete="current-password"
                  error={result?.fieldErrors.currentPassword}
                  autoFocus
                />
                <PasswordInput
                  label="New password"
                  name="newPassword"
                  required
                  minLength={ADMIN_MIN_PASSWORD_LENGTH}
                  autoComplete="new-password"
                  description={`At least ${ADMIN_MIN_PASSWORD_LENGTH} characters`}
                  error={result?.fieldErrors.newPassword}
                />
                <PasswordInput
                  label="New password again"
                  name="confirmPassword"
                  required
                  autoComplete="new-password"
                  error={result?.fieldErrors.confirmPassword}
                />
                <Button type="submit" size="md" loading={busy} mt="xs">
                  Save my password
                </Button>
              </Stack>
            </Form>
            <Form method="post" action="/admin/logout">
              <Button type="submit" variant="subtle" size="xs" fullWidth>
                Logout
              </Button>
            </Form>
            {mustChangePassword ? null : (
              <Text size="xs" ta="center">
                <Link to="/admin">← Back to the dashboard</Link>
              </Text>
            )}
          </Stack>
        </Paper>
      </Box>
    </AdminMantine>
  );
}

export const links: LinksFunction = () => mantineLinks;

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [{ title: `Choose your password | ${site.name}` }, { name: "robots", content: "noindex" }];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
