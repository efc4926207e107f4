import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { addStaff } from "~/use-cases/staff.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * POST /api/admin/add (bearer, owners): { username, password, role = "sales", currentPassword }
 * adds a staff account. currentPassword is the caller's own: 400 when missing, 403 when wrong.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin, token } = await requireAdminApi(request);
  const body = await readApiFields(request, "POST");
  if (!body.ok) return body.response;
  try {
    const added = await addStaff(staffActor(admin, clientIp(context), token), body.fields);
    return Response.json(
      { message: "Admin added successfully", admin: { id: added.id, username: added.username, role: added.role } },
      { status: 201 },
    );
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
