import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/auth.server";

/**
 * POST /admin/keepalive: an active admin's browser slides the server's idle timeout (no body).
 * (A cross-site post never gets here: the server refuses page posts from another origin.)
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request, { pendingPasswordChange: true });
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
