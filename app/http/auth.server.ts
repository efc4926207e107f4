import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { Refusal } from "~/lib/refusal";
import { loginPath } from "~/lib/return-to";
import type { Permission } from "~/lib/roles";
import type { Admin } from "~/models/admin.server";
import { attemptLogin, type PasswordCheck } from "~/models/login.server";
import { checkSession, createSession, deleteSession, purgeExpiredSessions } from "~/models/session.server";
import { assertCan, staffActor } from "~/use-cases/use-case.server";
import { sessionCookie, sessionToken } from "./cookies.server";
import { forbidden, refusalResponse } from "./refusals.server";
import { bearerToken } from "./request.server";
import { jsonError } from "./responses.server";

/**
 * The one guard for the back office: requireAdmin for pages (the signed cookie), requireAdminApi
 * for /api (a bearer token only, never the cookie), and signing in and out.
 */

export { INVALID_CREDENTIALS } from "~/models/login.server";
export const INACTIVITY_MESSAGE = "Logged out due to inactivity.";

/**
 * A refused sign-in, as the one refusal type (app/http/refusals.server.ts answers it): `invalid`
 * (400) when a field is missing, `unauthenticated` (401) for a wrong username or password,
 * `throttled` (429, with the wait) after too many tries.
 */
function loginRefusal(check: Exclude<PasswordCheck, { ok: true }>): Refusal {
  if (check.reason === "throttled") {
    return new Refusal("throttled", check.message, {}, { retryAfterSeconds: check.retryAfterSeconds });
  }
  return new Refusal(check.reason === "missing" ? "invalid" : "unauthenticated", check.message);
}

async function signIn(ip: string, username: string, password: string): Promise<Admin> {
  const check = await attemptLogin(ip, username, password);
  if (!check.ok) throw loginRefusal(check);
  return check.admin;
}

// remix-auth v4 keeps no session: authenticate() returns the admin and we store our own row.
const clientIps = new WeakMap<Request, string>();
const authenticator = new Authenticator<Admin>();
authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    signIn(clientIps.get(request) ?? "unknown", String(form.get("username") ?? ""), String(form.get("password") ?? "")),
  ),
  "admin-form",
);

export interface AdminContext {
  admin: Admin;
  token: string;
  /** The admin must choose their own password before anything else (see GuardOptions). */
  mustChangePassword: boolean;
}

/** Signs in from the login form; returns the Set-Cookie header of a brand-new session. */
export async function loginWithForm(request: Request, ip: string): Promise<{ admin: Admin; setCookie: string }> {
  clientIps.set(request, ip);
  const admin = await authenticator.authenticate("admin-form", request);
  await purgeExpiredSessions();
  const token = await createSession(admin.id);
  return { admin, setCookie: await (await sessionCookie(request)).serialize(token) };
}

/** Signs in for the API; returns a new bearer token. */
export async function loginForApi(ip: string, username: string, password: string): Promise<string> {
  const admin = await signIn(ip, username, password);
  await purgeExpiredSessions();
  return createSession(admin.id);
}

async function clearCookieHeader(request: Request): Promise<string> {
  return (await sessionCookie(request)).serialize("", { maxAge: 0 });
}

/** The screen where an admin chooses their own password; every other admin page leads there until they do. */
const PASSWORD_CHANGE_PAGE = "/admin/change-password";
const PASSWORD_CHANGE_REQUIRED =
  "Choose your own password before using the back office: PUT /api/admin/change-password with your username, " +
  "currentPassword and newPassword (or sign in at /admin/login).";

/**
 * While an admin must choose their own password (someone else chose the current one), only the
 * change-password screen or endpoint and signing out take them: `pendingPasswordChange: true`.
 */
export interface GuardOptions {
  pendingPasswordChange?: boolean;
}

/**
 * Pages: the signed-in admin, or a redirect to /admin/login (with the inactivity message when
 * the session ran out while idle), or to the change-password screen while they must use it.
 */
export async function requireAdmin(request: Request, opts: GuardOptions = {}): Promise<AdminContext> {
  const token = await sessionToken(request);
  const check = await checkSession(token);
  if (check.status === "ok" && token) {
    if (check.mustChangePassword && !opts.pendingPasswordChange) throw redirect(PASSWORD_CHANGE_PAGE);
    return { admin: check.admin, token, mustChangePassword: check.mustChangePassword };
  }
  // A page opened while signed out (a lead's link, a bookmark) is where signing in goes back to.
  const url = new URL(request.url);
  const next = request.method === "GET" ? `${url.pathname}${url.search}` : null;
  const target = loginPath({ inactive: check.status === "expired", next });
  throw redirect(target, { headers: token ? { "Set-Cookie": await clearCookieHeader(request) } : undefined });
}

/**
 * Pages that only read: a signed-in admin, then the use case layer's read check (`assertCan`);
 * signed out goes to the login page, a role without the permission gets the 403 page. Writes
 * check their permission in their use case.
 */
export async function requirePermission(request: Request, permission: Permission): Promise<AdminContext> {
  const context = await requireAdmin(request);
  forbidden(() => assertCan(staffActor(context.admin, ""), permission));
  return context;
}

/** The admin behind the page cookie, or null (the login page uses it to skip the form). */
export async function optionalAdmin(request: Request): Promise<Admin | null> {
  const token = await sessionToken(request);
  if (!token) return null;
  const check = await checkSession(token);
  return check.status === "ok" ? check.admin : null;
}

/** Ends the page session; returns the Set-Cookie header that clears the cookie. */
export async function logout(request: Request): Promise<string> {
  await deleteSession(await sessionToken(request));
  return clearCookieHeader(request);
}

/**
 * API: the admin behind the bearer token, or a thrown 401 { error }; 403 { error } while they must
 * choose their own password (see GuardOptions). The cookie is ignored.
 */
export async function requireAdminApi(request: Request, opts: GuardOptions = {}): Promise<AdminContext> {
  const token = bearerToken(request);
  if (!token) throw jsonError("Authentication required: send Authorization: Bearer <token>", 401);
  const check = await checkSession(token);
  if (check.status === "expired") throw jsonError("Session expired. Please log in again.", 401);
  if (check.status !== "ok") throw jsonError("Invalid or expired token", 401);
  if (check.mustChangePassword && !opts.pendingPasswordChange) throw jsonError(PASSWORD_CHANGE_REQUIRED, 403);
  return { admin: check.admin, token, mustChangePassword: check.mustChangePassword };
}

/** Ends the session behind a bearer token (POST /api/admin/logout). */
export async function logoutApi(token: string): Promise<void> {
  await deleteSession(token);
}

/** API reads: a signed-in admin, then the use case layer's read check; a thrown 401 or 403 { error }. */
export async function requirePermissionApi(request: Request, permission: Permission): Promise<AdminContext> {
  const context = await requireAdminApi(request);
  try {
    assertCan(staffActor(context.admin, ""), permission);
  } catch (e) {
    throw refusalResponse(e);
  }
  return context;
}
