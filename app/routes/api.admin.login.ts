import type { ActionFunctionArgs } from "@remix-run/node";
import { INVALID_CREDENTIALS, loginForApi } from "~/http/auth.server";
import { readApiBody } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
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
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
