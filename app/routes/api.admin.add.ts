import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiBody } from "~/http/forms.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { AddAdminSchema } from "~/lib/admin-schema";
import { firstError } from "~/lib/validation";
import { recordActivity } from "~/models/activity.server";
import { AdminError, createAdmin } from "~/models/admin.server";

/** POST /api/admin/add: { username, password } adds an admin (bearer). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin: caller } = await requireAdminApi(request);
  const body = await readApiBody(request, AddAdminSchema, firstError);
  if (!body.ok) return body.response;
  try {
    const admin = await createAdmin(body.data.username, body.data.password);
    await recordActivity(caller, { action: "admin.add", target: { id: admin.username } });
    return Response.json(
      { message: "Admin added successfully", admin: { id: admin.id, username: admin.username } },
      { status: 201 },
    );
  } catch (e) {
    if (e instanceof AdminError) return jsonError(e.message, 400);
    throw e;
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
