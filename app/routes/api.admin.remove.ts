import type { ActionFunctionArgs } from "@remix-run/node";
import { firstIssue, RemoveAdminSchema } from "~/lib/admin-schema";
import { jsonError, methodNotAllowed, readFields } from "~/lib/http.server";
import { AdminError, removeAdmin } from "~/models/admin.server";
import { clientIp, confirmOwnPassword, LoginError, loginErrorResponse, requireAdminApi } from "~/models/auth.server";

/**
 * POST /api/admin/remove (bearer): { username, currentPassword } removes a colleague's account
 * and ends all their sessions at once. Never yourself, never the last admin.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin: caller } = await requireAdminApi(request);
  const fields = await readFields(request);
  if (!fields) return jsonError("Send username and currentPassword as JSON or form fields", 400);
  const parsed = RemoveAdminSchema.safeParse(fields);
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  try {
    await confirmOwnPassword(clientIp(context), caller, parsed.data.currentPassword);
    const removed = await removeAdmin(caller.id, parsed.data.username);
    return Response.json({ message: "Admin removed successfully", admin: { username: removed.username } });
  } catch (e) {
    if (e instanceof LoginError) return loginErrorResponse(e);
    if (e instanceof AdminError) return jsonError(e.message, /^No admin/.test(e.message) ? 404 : 400);
    throw e;
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
