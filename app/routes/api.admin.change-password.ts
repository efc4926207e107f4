import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmOwnPassword, LoginError, loginErrorResponse, requireAdminApi } from "~/http/auth.server";
import { readApiBody } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { ChangePasswordSchema } from "~/lib/admin-schema";
import { firstError } from "~/lib/validation";
import { recordActivity } from "~/models/activity.server";
import { AdminError, changeAdminPassword } from "~/models/admin.server";
import { deleteOtherSessions } from "~/models/session.server";

/**
 * PUT /api/admin/change-password (bearer): { username, newPassword, currentPassword }, where
 * currentPassword is the caller's own password (for their own account or for resetting a
 * colleague's). Ends that admin's other sessions.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { admin: caller, token } = await requireAdminApi(request);
  const body = await readApiBody(request, ChangePasswordSchema, firstError, "PUT");
  if (!body.ok) return body.response;
  try {
    await confirmOwnPassword(clientIp(context), caller, body.data.currentPassword);
    const admin = await changeAdminPassword(body.data.username, body.data.newPassword);
    await deleteOtherSessions(admin.id, admin.id === caller.id ? token : null);
    await recordActivity(caller, { action: "admin.password", target: { id: admin.username } });
    return Response.json({ message: "Password changed successfully" });
  } catch (e) {
    if (e instanceof LoginError) return loginErrorResponse(e);
    if (e instanceof AdminError) return jsonError(e.message, 404);
    throw e;
  }
}

export function loader() {
  return methodNotAllowed(["PUT"]);
}
