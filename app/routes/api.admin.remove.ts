import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmOwnPassword, LoginError, loginErrorResponse, requireAdminApi } from "~/http/auth.server";
import { readApiBody } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { RemoveAdminSchema } from "~/lib/admin-schema";
import { firstError } from "~/lib/validation";
import { recordActivity } from "~/models/activity.server";
import { AdminError, removeAdmin } from "~/models/admin.server";

/**
 * POST /api/admin/remove (bearer): { username, currentPassword } removes a colleague's account
 * and ends all their sessions at once. Never yourself, never the last admin.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin: caller } = await requireAdminApi(request);
  const body = await readApiBody(request, RemoveAdminSchema, firstError);
  if (!body.ok) return body.response;
  try {
    await confirmOwnPassword(clientIp(context), caller, body.data.currentPassword);
    const removed = await removeAdmin(caller.id, body.data.username);
    await recordActivity(caller, { action: "admin.remove", target: { id: removed.username } });
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
