import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/database.server";
import { adminToken } from "../../tests/helpers/admin-auth";
import { clearData } from "../../tests/helpers/db";
import { ADMIN_IDLE_TIMEOUT_MS, ADMIN_SESSION_MAX_AGE_MS } from "~/config/constants";
import { logout, optionalAdmin, requireAdmin } from "./auth.server";
import { ACCOUNT_LOCKED, beginLoginAttempt, recordLoginFailure, recordLoginSuccess, resetLoginThrottle, TOO_MANY_ATTEMPTS } from "./login-throttle.server";
import { checkSession, createSession, deleteOtherSessions, hashToken, sessionCookie } from "./session.server";

beforeEach(async () => {
  await clearData();
  resetLoginThrottle();
});

describe("sessions", () => {
  it("stores only the SHA-256 of a random 256-bit token", async () => {
    const { token, adminId } = await adminToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await getDb().selectFrom("sessions").selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ admin_id: adminId, token_hash: hashToken(token) })]);
    expect(rows[0].token_hash).toMatch(/^[a-f0-9]{64}$/);
  });

  it("slides the idle timeout with use and ends the session when idle too long", async () => {
    const { token } = await adminToken();
    const t0 = Date.now();
    expect((await checkSession(token, t0 + ADMIN_IDLE_TIMEOUT_MS - 1000)).status).toBe("ok");
    // last_seen moved forward, so another almost-five minutes is still fine
    expect((await checkSession(token, t0 + 2 * ADMIN_IDLE_TIMEOUT_MS - 2000)).status).toBe("ok");
    expect((await checkSession(token, t0 + 3 * ADMIN_IDLE_TIMEOUT_MS)).status).toBe("expired");
    expect((await checkSession(token, t0 + 3 * ADMIN_IDLE_TIMEOUT_MS)).status).toBe("missing"); // row deleted
  });

  it("ends a busy session after its 12-hour lifetime", async () => {
    const { token } = await adminToken();
    let t = Date.now();
    while (t < Date.now() + ADMIN_SESSION_MAX_AGE_MS - ADMIN_IDLE_TIMEOUT_MS) {
      t += ADMIN_IDLE_TIMEOUT_MS - 1000;
      expect((await checkSession(token, t)).status).toBe("ok");
    }
    expect((await checkSession(token, Date.now() + ADMIN_SESSION_MAX_AGE_MS + 1000)).status).toBe("expired");
  });

  it("ends other sessions of an admin and keeps the current one", async () => {
    const a = await adminToken();
    const b = await adminToken();
    await deleteOtherSessions(a.adminId, a.token);
    expect((await checkSession(a.token)).status).toBe("ok");
    expect((await checkSession(b.token)).status).toBe("missing");
  });
});

describe("page guard", () => {
  const withCookie = async (token: string) => {
    const cookie = await sessionCookie();
    const header = (await cookie.serialize(token)).split(";")[0];
    return new Request("http://localhost/admin", { headers: { Cookie: header } });
  };

  it("lets a signed-in admin through and sends others to /admin/login", async () => {
    const { token } = await adminToken();
    expect((await requireAdmin(await withCookie(token))).admin.username).toBe("boss");
    const anon = await requireAdmin(new Request("http://localhost/admin")).catch((e) => e);
    expect(anon).toBeInstanceOf(Response);
    expect(anon.headers.get("Location")).toBe("/admin/login");
    // An unsigned cookie with a valid token is not accepted.
    const forged = await requireAdmin(new Request("http://localhost/admin", { headers: { Cookie: `__admin_session=${token}` } })).catch((e) => e);
    expect(forged.headers.get("Location")).toBe("/admin/login");
  });

  it("says why when the session ran out while idle, and logout deletes the row", async () => {
    const { token } = await adminToken();
    await getDb().updateTable("sessions").set({ last_seen_at: new Date(Date.now() - 6 * 60_000).toISOString() }).execute();
    const res = await requireAdmin(await withCookie(token)).catch((e) => e);
    expect(res.headers.get("Location")).toBe("/admin/login?reason=inactivity");
    expect(res.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);

    const fresh = await adminToken();
    expect(await optionalAdmin(await withCookie(fresh.token))).toMatchObject({ username: "boss" });
    await logout(await withCookie(fresh.token));
    expect((await checkSession(fresh.token)).status).toBe("missing");
  });
});

describe("login throttle", () => {
  it("allows 10 attempts a minute per address, then again after the minute", () => {
    const t = 1_000_000;
    for (let i = 0; i < 10; i++) expect(beginLoginAttempt("1.1.1.1", `u${i}`, t + i).ok).toBe(true);
    const blocked = beginLoginAttempt("1.1.1.1", "x", t + 20);
    expect(blocked).toEqual({ ok: false, message: TOO_MANY_ATTEMPTS, retryAfterSeconds: 60 });
    expect(beginLoginAttempt("2.2.2.2", "x", t + 20).ok).toBe(true);
    expect(beginLoginAttempt("1.1.1.1", "x", t + 60_001).ok).toBe(true);
  });

  it("locks a username after 5 failures for 15 minutes; a success resets the count", () => {
    const t = 5_000_000;
    for (let i = 0; i < 4; i++) recordLoginFailure("Boss", t);
    recordLoginSuccess("boss");
    for (let i = 0; i < 4; i++) recordLoginFailure("boss", t);
    expect(beginLoginAttempt("3.3.3.3", "boss", t).ok).toBe(true);
    recordLoginFailure("BOSS", t);
    expect(beginLoginAttempt("4.4.4.4", "boss", t + 1000)).toMatchObject({ ok: false, message: ACCOUNT_LOCKED });
    expect(beginLoginAttempt("4.4.4.4", "boss", t + 15 * 60_000 + 1).ok).toBe(true);
  });
});
