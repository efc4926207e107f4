import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { setStaffRole } from "~/use-cases/staff.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * PUT /api/admin/role (bearer, owners): { username, role: "owner" | "sales", currentPassword }.
 * The last owner cannot be made a sales account.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { admin, token } = await requireAdminApi(request);
  const body = await readApiFields(request, "PUT");
  if (!body.ok) return body.response;
  try {
    const { admin: changed } = await setStaffRole(staffActor(admin, clientIp(context), token), body.fields);
    return Response.json({
      message: "Role changed successfully",
      admin: { username: changed.username, role: changed.role },
    });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["PUT"]);
}
