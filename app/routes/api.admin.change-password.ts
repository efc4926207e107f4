import type { ActionFunctionArgs } from "@remix-run/node";
import { ChangePasswordSchema, firstIssue } from "~/lib/admin-schema";
import { jsonError, methodNotAllowed, readFields } from "~/lib/http.server";
import { AdminError, changeAdminPassword } from "~/models/admin.server";
import { requireAdminApi } from "~/models/auth.server";
import { deleteOtherSessions } from "~/models/session.server";

/** PUT /api/admin/change-password: { username, newPassword } (bearer); ends that admin's other sessions. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { token } = await requireAdminApi(request);
  const fields = await readFields(request);
  if (!fields) return jsonError("Send username and newPassword as JSON or form fields", 400);
  const parsed = ChangePasswordSchema.safeParse(fields);
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  try {
    const admin = await changeAdminPassword(parsed.data.username, parsed.data.newPassword);
    await deleteOtherSessions(admin.id, token);
    return Response.json({ message: "Password changed successfully" });
  } catch (e) {
    if (e instanceof AdminError) return jsonError(e.message, 404);
    throw e;
  }
}

export function loader() {
  return methodNotAllowed(["PUT"]);
}
