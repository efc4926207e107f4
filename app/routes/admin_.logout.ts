import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { logout } from "~/http/auth.server";

/**
 * POST /admin/logout: deletes the session row and the cookie; the inactivity timer says why.
 * (A cross-site post never gets here: the server refuses page posts from another origin.)
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const inactive = form?.get("reason") === "inactivity";
  const setCookie = await logout(request);
  return redirect(inactive ? "/admin/login?reason=inactivity" : "/admin/login", {
    headers: { "Set-Cookie": setCookie },
  });
}

export function loader() {
  return redirect("/admin");
}
