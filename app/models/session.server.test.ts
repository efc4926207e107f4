import { beforeEach, describe, expect, it } from "vitest";
import { ADMIN_IDLE_TIMEOUT_MS, ADMIN_SESSION_MAX_AGE_MS } from "~/config/constants";
import { logout, optionalAdmin, requireAdmin } from "~/http/auth.server";
import { sessionCookie } from "~/http/cookies.server";
import { getDb } from "../../db/database.server";
import { adminToken } from "../../tests/helpers/admin-auth";
import { clearData } from "../../tests/helpers/db";
import { beginLoginAttempt, pairDelay, resetLoginThrottle } from "./login-throttle.server";
import { checkSession, deleteOtherSessions, hashToken } from "./session.server";

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
    await deleteOtherSessions(getDb(), a.adminId, a.token);
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
    const forged = await requireAdmin(
      new Request("http://localhost/admin", { headers: { Cookie: `__admin_session=${token}` } }),
    ).catch((e) => e);
    expect(forged.headers.get("Location")).toBe("/admin/login");
  });

  it("says why when the session ran out while idle, and logout deletes the row", async () => {
    const { token } = await adminToken();
    await getDb()
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .execute();
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
  const begin = (ip: string, user: string, at: number) => beginLoginAttempt(ip, user, at);
  const fail = (ip: string, user: string, at: number) => {
    const a = begin(ip, user, at);
    if (!a.ok) throw new Error(`refused: ${a.message}`);
    a.finish(false);
  };

  it("allows 10 attempts a minute per address, then again after the minute", () => {
    const t = 1_000_000;
    for (let i = 0; i < 10; i++) expect(begin("1.1.1.1", `u${i}`, t + i).ok).toBe(true);
    expect(begin("1.1.1.1", "x", t + 20)).toMatchObject({
      ok: false,
      message: "Too many login attempts from your network. Please wait 60 seconds and try again.",
      retryAfterSeconds: 60,
    });
    expect(begin("2.2.2.2", "x", t + 20).ok).toBe(true);
    expect(begin("1.1.1.1", "x", t + 60_001).ok).toBe(true);
  });

  it("gives an address three free failures per username, then waits that double each time", () => {
    const t = 5_000_000;
    for (let i = 0; i < 3; i++) fail("3.3.3.3", "boss", t + i);
    expect(begin("3.3.3.3", "boss", t + 10)).toMatchObject({
      ok: false,
      retryAfterSeconds: 5,
      message: "Too many failed logins. Please wait 5 seconds and try again.",
    });
    fail("3.3.3.3", "boss", t + 5_002);
    expect(begin("3.3.3.3", "boss", t + 5_010)).toMatchObject({ ok: false, retryAfterSeconds: 10 });
    fail("3.3.3.3", "boss", t + 15_002);
    expect(begin("3.3.3.3", "boss", t + 15_010)).toMatchObject({ ok: false, retryAfterSeconds: 20 });
    expect(pairDelay(40)).toBe(15 * 60_000);
    // Another address, or another username from this address, is not slowed down.
    expect(begin("4.4.4.4", "boss", t + 15_010).ok).toBe(true);
    expect(begin("3.3.3.3", "clerk", t + 15_010).ok).toBe(true);
  });

  it("counts an attempt before the password is checked: parallel guesses get the same few checks", () => {
    const t = 9_000_000;
    const results = Array.from({ length: 100 }, () => begin("5.5.5.5", "boss", t));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
  });

  it("clears an address's record when its password proves right", () => {
    const t = 12_000_000;
    for (let i = 0; i < 2; i++) fail("6.6.6.6", "boss", t + i);
    const right = begin("6.6.6.6", "boss", t + 5);
    expect(right.ok).toBe(true);
    if (right.ok) right.finish(true);
    // Three free failures again, as if the address had never failed.
    for (let i = 0; i < 3; i++) {
      const attempt = begin("6.6.6.6", "boss", t + 10 + i);
      expect(attempt.ok, `failure ${i + 1} after the right password`).toBe(true);
      if (attempt.ok) attempt.finish(false);
    }
    expect(begin("6.6.6.6", "boss", t + 20)).toMatchObject({ ok: false, retryAfterSeconds: 5 });
  });

  it("caps distributed guessing of one username without ever refusing an address with no failures", () => {
    const t = 20_000_000;
    for (let i = 0; i < 20; i++) fail(`9.9.9.${i}`, "admin", t + i);
    // A guessing address that already failed is refused for the rest of the window...
    expect(begin("9.9.9.1", "admin", t + 60_000)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/for this username/),
    });
    // ...but a clean address (the dealer at the office) may still sign in.
    expect(begin("10.0.0.1", "admin", t + 60_000).ok).toBe(true);
    expect(begin("9.9.9.1", "admin", t + 15 * 60_000 + 30).ok).toBe(true);
  });
});
