import type { ActionFunctionArgs } from "@remix-run/node";
import { LoginSchema } from "~/lib/admin-schema";
import { jsonError, methodNotAllowed, readFields } from "~/lib/http.server";
import { clientIp, INVALID_CREDENTIALS, LoginError, loginErrorResponse, loginForApi } from "~/models/auth.server";

/** POST /api/admin/login: { username, password } → { token } (a bearer token); throttled. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const fields = await readFields(request);
  if (!fields) return jsonError("Send username and password as JSON or form fields", 400);
  const parsed = LoginSchema.safeParse(fields);
  if (!parsed.success) return jsonError(INVALID_CREDENTIALS, 400);
  try {
    const token = await loginForApi(clientIp(context), parsed.data.username, parsed.data.password);
    return Response.json({ token });
  } catch (e) {
    if (e instanceof LoginError) return loginErrorResponse(e);
    throw e;
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
