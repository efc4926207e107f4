import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { changeStaffPassword } from "~/use-cases/staff.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * PUT /api/admin/change-password (bearer): { username, newPassword, currentPassword }, where
 * currentPassword is the caller's own. Owners may reset anyone's password, a sales account only
 * its own. Ends that admin's other sessions.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { admin, token } = await requireAdminApi(request, { pendingPasswordChange: true });
  const body = await readApiFields(request, "PUT");
  if (!body.ok) return body.response;
  try {
    await changeStaffPassword(staffActor(admin, clientIp(context), token), body.fields);
    return Response.json({ message: "Password changed successfully" });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["PUT"]);
}
