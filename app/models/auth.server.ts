import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { jsonError } from "~/lib/http.server";
import { type Admin, verifyLogin } from "./admin.server";
import { beginLoginAttempt } from "./login-throttle.server";
import { checkSession, createSession, deleteSession, purgeExpiredSessions, sessionCookie } from "./session.server";

/**
 * The one guard for the back office (DESIGN §6): requireAdmin for pages (signed cookie),
 * requireAdminApi for /api (bearer token only, never the cookie), and the sign-in itself.
 */

export const INVALID_CREDENTIALS = "Invalid credentials";
export const INACTIVITY_MESSAGE = "Logged out due to inactivity.";

export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 429,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface AdminContext {
  admin: Admin;
  token: string;
}

/** Throttled username/password check shared by the login page and POST /api/admin/login. */
export async function attemptLogin(ip: string, username: string, password: string): Promise<Admin> {
  const name = username.trim();
  if (!name || !password) throw new LoginError(INVALID_CREDENTIALS, 400);
  const attempt = beginLoginAttempt(ip, name);
  if (!attempt.ok) throw new LoginError(attempt.message, 429, attempt.retryAfterSeconds);
  const admin = await verifyLogin(name, password);
  attempt.finish(admin !== null);
  if (!admin) throw new LoginError(INVALID_CREDENTIALS, 401);
  return admin;
}

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct";

/**
 * Asks the signed-in admin for their own password again before an account change (a stolen
 * session alone cannot take over or remove accounts). Throttled like a login.
 */
export async function confirmOwnPassword(ip: string, admin: Admin, password: string): Promise<void> {
  const attempt = beginLoginAttempt(ip, admin.username);
  if (!attempt.ok) throw new LoginError(attempt.message, 429, attempt.retryAfterSeconds);
  const ok = (await verifyLogin(admin.username, password)) !== null;
  attempt.finish(ok);
  if (!ok) throw new LoginError(WRONG_CURRENT_PASSWORD, 403);
}

/** Ends the session behind a bearer token (POST /api/admin/logout). */
export async function logoutApi(token: string): Promise<void> {
  await deleteSession(token);
}

// remix-auth v4 keeps no session: authenticate() returns the admin and we store our own row.
const clientIps = new WeakMap<Request, string>();
const authenticator = new Authenticator<Admin>();
authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    attemptLogin(clientIps.get(request) ?? "unknown", String(form.get("username") ?? ""), String(form.get("password") ?? "")),
  ),
  "admin-form",
);

/** Signs in from the login form; returns the Set-Cookie header of a brand-new session. */
export async function loginWithForm(request: Request, ip: string): Promise<{ admin: Admin; setCookie: string }> {
  clientIps.set(request, ip);
  const admin = await authenticator.authenticate("admin-form", request);
  await purgeExpiredSessions();
  const token = await createSession(admin.id);
  const cookie = await sessionCookie(request);
  return { admin, setCookie: await cookie.serialize(token) };
}

/** Signs in for the API; returns a new bearer token. */
export async function loginForApi(ip: string, username: string, password: string): Promise<string> {
  const admin = await attemptLogin(ip, username, password);
  await purgeExpiredSessions();
  return createSession(admin.id);
}

async function cookieToken(request: Request): Promise<string | null> {
  const cookie = await sessionCookie(request);
  const value = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

async function clearCookieHeader(request: Request): Promise<string> {
  return (await sessionCookie(request)).serialize("", { maxAge: 0 });
}

/**
 * Pages: the signed-in admin, or a redirect to /admin/login (with the inactivity message when
 * the session ran out while idle).
 */
export async function requireAdmin(request: Request): Promise<AdminContext> {
  const token = await cookieToken(request);
  const check = await checkSession(token);
  if (check.status === "ok") return { admin: check.admin, token: token! };
  const target = check.status === "expired" ? "/admin/login?reason=inactivity" : "/admin/login";
  throw redirect(target, { headers: token ? { "Set-Cookie": await clearCookieHeader(request) } : undefined });
}

/** The admin behind the page cookie, or null (the login page uses it to skip the form). */
export async function optionalAdmin(request: Request): Promise<Admin | null> {
  const token = await cookieToken(request);
  if (!token) return null;
  const check = await checkSession(token);
  return check.status === "ok" ? check.admin : null;
}

/**
 * Cookie-authenticated resource routes (logout, keep-alive) get no Origin check from Remix, which
 * checks only page actions: refuse a browser post from another origin with 403.
 */
export function requireSameOrigin(request: Request): void {
  const origin = request.headers.get("Origin");
  if (origin === null) return; // not a cross-origin browser request
  const host = request.headers.get("X-Forwarded-Host")?.split(",")[0].trim() || request.headers.get("Host") || new URL(request.url).host;
  let originHost: string | null = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    originHost = null;
  }
  if (originHost !== host) throw new Response("Cross-origin request refused", { status: 403 });
}

/** Ends the page session; returns the Set-Cookie header that clears the cookie. */
export async function logout(request: Request): Promise<string> {
  await deleteSession(await cookieToken(request));
  return clearCookieHeader(request);
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization") ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/** Whether a request carries an Authorization header at all (api/cars answers both audiences). */
export function hasAuthorization(request: Request): boolean {
  return request.headers.has("Authorization");
}

/** API: the admin behind the bearer token, or a thrown 401 { error }. The cookie is ignored. */
export async function requireAdminApi(request: Request): Promise<AdminContext> {
  const token = bearerToken(request);
  if (!token) throw jsonError("Authentication required: send Authorization: Bearer <token>", 401);
  const check = await checkSession(token);
  if (check.status === "expired") throw jsonError("Session expired. Please log in again.", 401);
  if (check.status !== "ok") throw jsonError("Invalid or expired token", 401);
  return { admin: check.admin, token };
}

/**
 * The client's address for throttling: the server works it out once (the socket's address, or
 * the forwarded one only from a proxy TRUST_PROXY names) and passes it as load context. A
 * header is never read here.
 */
export function clientIp(context: unknown): string {
  const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip : "unknown";
}

export function loginErrorResponse(e: LoginError): Response {
  const headers = e.retryAfterSeconds ? { "Retry-After": String(e.retryAfterSeconds) } : undefined;
  return jsonError(e.message, e.status, headers);
}
