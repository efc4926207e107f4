import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { removeStaff } from "~/use-cases/staff.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * POST /api/admin/remove (bearer, owners): { username, currentPassword } removes a colleague's
 * account and ends all their sessions at once. Never yourself, never the last owner.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin, token } = await requireAdminApi(request);
  const body = await readApiFields(request, "POST");
  if (!body.ok) return body.response;
  try {
    const removed = await removeStaff(staffActor(admin, clientIp(context), token), body.fields);
    return Response.json({ message: "Admin removed successfully", admin: { username: removed.username } });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
