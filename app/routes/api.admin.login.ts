import type { ActionFunctionArgs } from "@remix-run/node";
import { INVALID_CREDENTIALS, LoginError, loginErrorResponse, loginForApi } from "~/http/auth.server";
import { readApiBody } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { LoginSchema } from "~/lib/admin-schema";

/** POST /api/admin/login: { username, password } → { token } (a bearer token); throttled. */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readApiBody(request, LoginSchema, INVALID_CREDENTIALS);
  if (!body.ok) return body.response;
  try {
    return Response.json({ token: await loginForApi(clientIp(context), body.data.username, body.data.password) });
  } catch (e) {
    if (e instanceof LoginError) return loginErrorResponse(e);
    throw e;
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
