import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { methodNotAllowed } from "~/http/responses.server";

/** GET /api/admin/dashboard: the session check: 200 with the admin for a live token, else 401. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdminApi(request);
  return Response.json({ ok: true, admin: { username: admin.username } });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
