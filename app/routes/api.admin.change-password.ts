import type { ActionFunctionArgs } from "@remix-run/node";
import { ChangePasswordSchema, firstIssue } from "~/lib/admin-schema";
import { jsonError, methodNotAllowed, readFields } from "~/lib/http.server";
import { AdminError, changeAdminPassword } from "~/models/admin.server";
import { clientIp, confirmOwnPassword, LoginError, loginErrorResponse, requireAdminApi } from "~/models/auth.server";
import { deleteOtherSessions } from "~/models/session.server";

/**
 * PUT /api/admin/change-password (bearer): { username, newPassword, currentPassword }, where
 * currentPassword is the caller's own password (for their own account or for resetting a
 * colleague's). Ends that admin's other sessions.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { admin: caller, token } = await requireAdminApi(request);
  const fields = await readFields(request);
  if (!fields) return jsonError("Send username, newPassword and currentPassword as JSON or form fields", 400);
  const parsed = ChangePasswordSchema.safeParse(fields);
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  try {
    await confirmOwnPassword(clientIp(context), caller, parsed.data.currentPassword);
    const admin = await changeAdminPassword(parsed.data.username, parsed.data.newPassword);
    await deleteOtherSessions(admin.id, admin.id === caller.id ? token : null);
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
