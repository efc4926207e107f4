import type { ActionFunctionArgs } from "@remix-run/node";
import { logoutApi, requireAdminApi } from "~/http/auth.server";
import { methodNotAllowed } from "~/http/responses.server";

/** POST /api/admin/logout (bearer): revokes the calling token; it answers 401 from then on. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { token } = await requireAdminApi(request, { pendingPasswordChange: true });
  await logoutApi(token);
  return Response.json({ message: "Logged out" });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
