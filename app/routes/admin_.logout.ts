import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { logout, requireSameOrigin } from "~/models/auth.server";

/** POST /admin/logout: deletes the session row and the cookie; the inactivity timer says why. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await request.formData().catch(() => null);
  const inactive = form?.get("reason") === "inactivity";
  const setCookie = await logout(request);
  return redirect(inactive ? "/admin/login?reason=inactivity" : "/admin/login", { headers: { "Set-Cookie": setCookie } });
}

export function loader() {
  return redirect("/admin");
}
