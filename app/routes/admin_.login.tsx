import { Box, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
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
import { INACTIVITY_MESSAGE, INVALID_CREDENTIALS, loginWithForm, optionalAdmin } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { businessFromMatches, useBusiness } from "~/lib/business";
import { safeReturnPath } from "~/lib/return-to";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const next = safeReturnPath(params.get("next"));
  if (await optionalAdmin(request)) throw redirect(next ?? "/admin");
  const inactive = params.get("reason") === "inactivity";
  return { notice: inactive ? INACTIVITY_MESSAGE : null, next };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // A body that is not a form (JSON, garbage) is a bad request, not a server error.
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (!form) return data({ error: INVALID_CREDENTIALS, username: "" }, { status: 400 });
  const username = String(form.get("username") ?? "");
  try {
    const { setCookie } = await loginWithForm(request, clientIp(context));
    const next = safeReturnPath(String(form.get("next") ?? ""));
    return redirect(next ?? "/admin", { headers: { "Set-Cookie": setCookie } });
  } catch (e) {
    const refused = refusalForPage(e);
    return data({ error: refused.message, username }, { status: refused.status });
  }
}

export default function AdminLogin() {
  const { notice, next } = useLoaderData<typeof loader>();
  const result = useActionData() as { error: string; username: string } | undefined;
  const navigation = useNavigation();
  const site = useBusiness();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AdminMantine>
      <Box
        mih="100vh"
        display="grid"
        style={{ placeItems: "center", background: "linear-gradient(160deg, #0f1d33 0%, #13324f 55%, #13804d 140%)" }}
        p="md"
      >
        <Paper w="100%" maw={400} p={{ base: "lg", sm: "xl" }} radius="lg" shadow="xl">
          <Stack gap="md">
            <div>
              <Text size="xs" tt="uppercase" fw={700} c="brand.8" lts={1}>
                {site.name}
              </Text>
              <Title order={1} fz={26} mt={4}>
                Admin login
              </Title>
              <Text size="sm" c="dimmed">
                Sign in to manage listings and enquiries.
              </Text>
            </div>
            {notice && !result ? <Notice kind="info">{notice}</Notice> : null}
            {result?.error ? <Notice kind="error">{result.error}</Notice> : null}
            <Form method="post" replace>
              {next ? <input type="hidden" name="next" value={next} /> : null}
              <Stack gap="sm">
                <TextInput
                  label="Username"
                  name="username"
                  required
                  autoComplete="username"
                  defaultValue={result?.username ?? ""}
                  autoFocus
                />
                <PasswordInput label="Password" name="password" required autoComplete="current-password" />
                <Button type="submit" size="md" loading={busy} mt="xs">
                  Login
                </Button>
              </Stack>
            </Form>
            <Text size="xs" c="dimmed" ta="center">
              <Link to="/">← Back to the website</Link>
            </Text>
          </Stack>
        </Paper>
      </Box>
    </AdminMantine>
  );
}

export const links: LinksFunction = () => mantineLinks;

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [{ title: `Admin login | ${site.name}` }, { name: "robots", content: "noindex" }];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
