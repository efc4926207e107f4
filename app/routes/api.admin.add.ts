import type { ActionFunctionArgs } from "@remix-run/node";
import { AddAdminSchema, firstIssue } from "~/lib/admin-schema";
import { jsonError, methodNotAllowed, readFields } from "~/lib/http.server";
import { AdminError, createAdmin } from "~/models/admin.server";
import { requireAdminApi } from "~/models/auth.server";

/** POST /api/admin/add: { username, password } adds an admin (bearer). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdminApi(request);
  const fields = await readFields(request);
  if (!fields) return jsonError("Send username and password as JSON or form fields", 400);
  const parsed = AddAdminSchema.safeParse(fields);
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  try {
    const admin = await createAdmin(parsed.data.username, parsed.data.password);
    return Response.json({ message: "Admin added successfully", admin: { id: admin.id, username: admin.username } }, { status: 201 });
  } catch (e) {
    if (e instanceof AdminError) return jsonError(e.message, 400);
    throw e;
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
