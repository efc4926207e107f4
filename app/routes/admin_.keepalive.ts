import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin, requireSameOrigin } from "~/models/auth.server";

/** POST /admin/keepalive: an active admin's browser slides the server's idle timeout (no body). */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAdmin(request);
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
