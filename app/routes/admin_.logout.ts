import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { logout } from "~/http/auth.server";
import { loginPath } from "~/lib/return-to";

/**
 * POST /admin/logout: deletes the session row and the cookie; the inactivity timer says why and
 * which page it left (signing in again goes back there).
 * (A cross-site post never gets here: the server refuses page posts from another origin.)
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const inactive = form?.get("reason") === "inactivity";
  const setCookie = await logout(request);
  // The idle logout names the page it left, to go back to after signing in again.
  const next = inactive ? String(form?.get("next") ?? "") : null;
  return redirect(loginPath({ inactive, next }), {
    headers: { "Set-Cookie": setCookie },
  });
}

export function loader() {
  return redirect("/admin");
}
