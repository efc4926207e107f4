import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, findAdminByUsername, listAdmins, removeAdmin, verifyLogin } from "~/models/admin.server";
import { resetLoginThrottle } from "~/models/login-throttle.server";
import { getDb } from "../../db/database.server";
import { adminToken, bearer, makeIdle, respond, TEST_PASSWORD } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import * as add from "./api.admin.add";
import * as carsStats from "./api.admin.cars.stats";
import * as changePassword from "./api.admin.change-password";
import * as dashboard from "./api.admin.dashboard";
import * as inspectionsStats from "./api.admin.inspections.stats";
import * as login from "./api.admin.login";
import * as apiLogout from "./api.admin.logout";
import * as remove from "./api.admin.remove";
import * as cars from "./api.cars";
import * as carById from "./api.cars.$id";
import * as markSold from "./api.cars.mark-sold";
import * as inspections from "./api.inspections";

const BASE = "http://localhost";
const json = (body: unknown) => ({ "Content-Type": "application/json", body: JSON.stringify(body) });

beforeEach(async () => {
  await clearData();
  resetLoginThrottle();
});

/** Every admin API route, called with the given headers; `ok` is its status for a valid token. */
function adminRoutes(carId: () => number) {
  const req = (path: string, method: string, headers: Record<string, string>, body?: { [k: string]: string }) => {
    const { body: b, ...h } = body ?? {};
    return new Request(BASE + path, { method, headers: { ...headers, ...h }, body: b });
  };
  const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: loadContext() });
  return [
    {
      name: "GET /api/admin/dashboard",
      ok: 200,
      call: (h: Record<string, string>) => dashboard.loader(args(req("/api/admin/dashboard", "GET", h))),
    },
    {
      name: "GET /api/cars (admin list)",
      ok: 200,
      publicWithoutToken: true,
      call: (h: Record<string, string>) => cars.loader(args(req("/api/cars", "GET", h))),
    },
    {
      name: "GET /api/inspections",
      ok: 200,
      call: (h: Record<string, string>) => inspections.loader(args(req("/api/inspections", "GET", h))),
    },
    {
      name: "GET /api/admin/inspections/stats",
      ok: 200,
      call: (h: Record<string, string>) => inspectionsStats.loader(args(req("/api/admin/inspections/stats", "GET", h))),
    },
    {
      name: "GET /api/admin/cars/stats",
      ok: 200,
      call: (h: Record<string, string>) => carsStats.loader(args(req("/api/admin/cars/stats", "GET", h))),
    },
    {
      name: "POST /api/admin/add",
      ok: 201,
      call: (h: Record<string, string>) =>
        add.action(
          args(
            req(
              "/api/admin/add",
              "POST",
              h,
              json({
                username: `new${Math.random().toString(36).slice(2, 8)}`,
                password: "longenough1",
                currentPassword: TEST_PASSWORD,
              }),
            ),
          ),
        ),
    },
    {
      name: "PUT /api/admin/change-password",
      ok: 200,
      call: (h: Record<string, string>) =>
        changePassword.action(
          args(
            req(
              "/api/admin/change-password",
              "PUT",
              h,
              json({ username: "boss", newPassword: TEST_PASSWORD, currentPassword: TEST_PASSWORD }),
            ),
          ),
        ),
    },
    {
      name: "POST /api/admin/remove",
      ok: 200,
      call: async (h: Record<string, string>) => {
        await createAdmin(`gone${Math.random().toString(36).slice(2, 8)}`, "longenough1");
        const [victim] = (await listAdmins()).filter((a) => a.username.startsWith("gone"));
        return remove.action(
          args(
            req("/api/admin/remove", "POST", h, json({ username: victim.username, currentPassword: TEST_PASSWORD })),
          ),
        );
      },
    },
    {
      name: "POST /api/admin/logout",
      ok: 200,
      call: (h: Record<string, string>) => apiLogout.action(args(req("/api/admin/logout", "POST", h))),
    },
    {
      name: "POST /api/cars/mark-sold",
      ok: 200,
      call: (h: Record<string, string>) =>
        markSold.action(
          args(
            req(
              "/api/cars/mark-sold",
              "POST",
              h,
              json({
                id: carId(),
                make: "Toyota",
                model: "Camry",
                year: 2020,
                color: "Black",
                dateSold: new Date().toISOString(),
                timeSold: "10:15:00",
              }),
            ),
          ),
        ),
    },
    {
      name: "POST /api/cars",
      ok: 201,
      call: (h: Record<string, string>) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({
          make: "Kia",
          model: "Rio",
          year: "2019",
          price: "9000000",
          condition: "Nigerian Used",
          engine_capacity: "1.6L",
          engine_size: "V4",
          custom_paper: "No",
          body_type: "Sedan",
          drive_train: "FWD",
        }))
          form.set(k, v);
        return cars.action(args(new Request(`${BASE}/api/cars`, { method: "POST", headers: h, body: form })));
      },
    },
    {
      name: "PUT /api/cars/{id}",
      ok: 200,
      call: (h: Record<string, string>) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({
          make: "Toyota",
          model: "Camry",
          year: "2021",
          price: "26000000",
          condition: "Foreign Used",
          engine_capacity: "2.5L",
          engine_size: "V4",
          custom_paper: "Yes",
          body_type: "Sedan",
          drive_train: "FWD",
          existingImages: "[]",
        }))
          form.set(k, v);
        return carById.action(
          args(new Request(`${BASE}/api/cars/${carId()}`, { method: "PUT", headers: h, body: form }), {
            id: String(carId()),
          }),
        );
      },
    },
    {
      name: "DELETE /api/cars/{id}",
      ok: 200,
      call: (h: Record<string, string>) =>
        carById.action(args(req(`/api/cars/${carId()}`, "DELETE", h), { id: String(carId()) })),
    },
  ];
}

describe("admin API guard", () => {
  let carId = 0;
  const routes = adminRoutes(() => carId);
  beforeEach(async () => {
    carId = await makeCar({ images: [] });
  });

  for (const route of routes) {
    it(`${route.name}: 401 with no token, a wrong or idle one or a cookie; ${route.ok} with a valid one`, async () => {
      const { token } = await adminToken();
      const cases: [string, Record<string, string>][] = [
        ["no token", {}],
        ["wrong token", bearer("not-a-real-token")],
        ["cookie only", { Cookie: `__admin_session=${token}` }],
      ];
      for (const [label, headers] of cases) {
        const res = await respond(() => route.call(headers));
        if ("publicWithoutToken" in route && !label.startsWith("wrong")) {
          // Without Authorization this is the public search: unsold cars only.
          expect(res.status, label).toBe(200);
          expect(
            (await res.json()).every((c: { sold: boolean }) => !c.sold),
            label,
          ).toBe(true);
          continue;
        }
        expect(res.status, label).toBe(401);
        expect(typeof (await res.json()).error, label).toBe("string");
      }
      const idle = (await adminToken()).token;
      await makeIdle(idle);
      const expired = await respond(() => route.call(bearer(idle)));
      expect(expired.status, "idle token").toBe(401);
      expect((await expired.json()).error).toMatch(/expired/i);

      const ok = await respond(() => route.call(bearer(token)));
      expect(ok.status, await ok.clone().text()).toBe(route.ok);
    });
  }

  it("leaves the public car list public and the car detail without a token", async () => {
    await makeCar({ model: "Corolla", sold: true, images: [] });
    const pub = await respond(() =>
      cars.loader({ request: new Request(`${BASE}/api/cars`), params: {}, context: loadContext() }),
    );
    expect((await pub.json()).map((c: { model: string }) => c.model)).toEqual(["Camry"]);
    const { token } = await adminToken();
    const all = await respond(() =>
      cars.loader({
        request: new Request(`${BASE}/api/cars`, { headers: bearer(token) }),
        params: {},
        context: loadContext(),
      }),
    );
    expect((await all.json()).map((c: { model: string; sold: boolean }) => [c.model, c.sold])).toEqual([
      ["Corolla", true],
      ["Camry", false],
    ]);
    const one = await respond(() =>
      carById.loader({
        request: new Request(`${BASE}/api/cars/${carId}`),
        params: { id: String(carId) },
        context: loadContext(),
      }),
    );
    expect(one.status).toBe(200);
  });

  it("answers 405 for a wrong method", async () => {
    const res = await respond(() => dashboard.action());
    expect(res.status).toBe(405);
    const put = await respond(() =>
      cars.action({ request: new Request(`${BASE}/api/cars`, { method: "PUT" }), params: {}, context: loadContext() }),
    );
    expect(put.status).toBe(405);
  });
});

describe("POST /api/admin/login", () => {
  const post = (body: unknown, ip = "10.0.0.1") =>
    respond(() =>
      login.action({
        request: new Request(`${BASE}/api/admin/login`, {
          method: "POST",
          ...{ headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
        }),
        params: {},
        context: loadContext({ clientIp: ip }),
      }),
    );

  it("answers a working bearer token for good credentials and 'Invalid credentials' otherwise", async () => {
    await adminToken("boss");
    const ok = await post({ username: "boss", password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    const { token } = await ok.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const dash = await respond(() =>
      dashboard.loader({
        request: new Request(`${BASE}/api/admin/dashboard`, { headers: bearer(token) }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(dash.status).toBe(200);
    // Only the hash is stored.
    const rows = await getDb().selectFrom("sessions").select("token_hash").execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);

    for (const body of [
      { username: "boss", password: "wrong-password" },
      { username: "nobody", password: TEST_PASSWORD },
      { username: "boss" },
    ]) {
      const res = await post(body);
      expect([400, 401]).toContain(res.status);
      expect(await res.json()).toMatchObject({ error: "Invalid credentials" });
    }
  });

  it("gives a new token at every login", async () => {
    await adminToken("boss");
    const a = await (await post({ username: "boss", password: TEST_PASSWORD })).json();
    const b = await (await post({ username: "boss", password: TEST_PASSWORD })).json();
    expect(a.token).not.toBe(b.token);
  });

  it("limits attempts per address to 10 a minute with 429", async () => {
    await adminToken("boss");
    for (let i = 0; i < 10; i++) {
      const res = await post({ username: `user${i}`, password: "wrong-password" }, "10.9.9.9");
      expect(res.status).toBe(401);
    }
    const blocked = await post({ username: "boss", password: TEST_PASSWORD }, "10.9.9.9");
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toMatch(/Too many login attempts/);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await post({ username: "boss", password: TEST_PASSWORD }, "10.9.9.10")).status).toBe(200);
  });

  it("never lets failures from other addresses lock the owner out", async () => {
    await adminToken("boss");
    for (let i = 0; i < 5; i++)
      expect((await post({ username: "boss", password: "wrong-password" }, `10.1.0.${i}`)).status).toBe(401);
    expect((await post({ username: "BOSS", password: TEST_PASSWORD }, "10.2.0.1")).status).toBe(200);
  });

  it("makes a guessing address wait, says how long, and sends Retry-After", async () => {
    await adminToken("boss");
    for (let i = 0; i < 3; i++)
      expect((await post({ username: "boss", password: "wrong-password" }, "10.3.0.1")).status).toBe(401);
    const slowed = await post({ username: "boss", password: TEST_PASSWORD }, "10.3.0.1");
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get("Retry-After")).toBe("5");
    expect((await slowed.json()).error).toBe("Too many failed logins. Please wait 5 seconds and try again.");
  });
});

describe("admin management API", () => {
  it("adds a sales account (an owner when asked), refuses duplicates and short passwords", async () => {
    const { token } = await adminToken();
    const call = (body: unknown) =>
      respond(() =>
        add.action({
          request: new Request(`${BASE}/api/admin/add`, {
            method: "POST",
            headers: { ...bearer(token), "Content-Type": "application/json" },
            body: JSON.stringify(body),
          }),
          params: {},
          context: loadContext(),
        }),
      );
    const mine = TEST_PASSWORD;
    const ok = await call({ username: "ada", password: "longenough1", currentPassword: mine });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ admin: { username: "ada", role: "sales" } });
    expect(await verifyLogin("ada", "longenough1")).toMatchObject({ username: "ada", role: "sales" });
    const owner = await call({ username: "obi", password: "longenough1", role: "owner", currentPassword: mine });
    expect(await owner.json()).toMatchObject({ admin: { username: "obi", role: "owner" } });
    const badRole = await call({ username: "uche", password: "longenough1", role: "boss", currentPassword: mine });
    expect(badRole.status).toBe(400);
    expect(await badRole.json()).toMatchObject({ fields: { role: "Role must be owner or sales" } });
    const dup = await call({ username: "ADA", password: "longenough1", currentPassword: mine });
    expect(dup.status).toBe(400);
    expect((await dup.json()).error).toMatch(/already taken/);
    const short = await call({ username: "bola", password: "short", currentPassword: mine });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 8 characters");
    expect(await findAdminByUsername("bola")).toBeUndefined();
  });

  it("asks for the caller's own password to add an account: 400 when missing, 403 when wrong", async () => {
    const { token } = await adminToken();
    const call = (body: unknown) => callAs(token, add, "/api/admin/add", "POST", body, "10.5.0.7");
    const missing = await call({ username: "thief", password: "longenough1" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "Your current password is required" });
    const wrong = await call({ username: "thief", password: "longenough1", currentPassword: "not-my-password" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "Your current password is not correct" });
    expect(await findAdminByUsername("thief")).toBeUndefined();
  });

  const callAs = (
    token: string,
    route: { action: (a: never) => unknown },
    path: string,
    method: string,
    body: unknown,
    ip = "10.5.0.1",
  ) =>
    respond(() =>
      route.action({
        request: new Request(BASE + path, {
          method,
          headers: { ...bearer(token), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        params: {},
        context: loadContext({ clientIp: ip }),
      } as never),
    );
  const dash = (t: string) =>
    respond(() =>
      dashboard.loader({
        request: new Request(`${BASE}/api/admin/dashboard`, { headers: bearer(t) }),
        params: {},
        context: loadContext(),
      }),
    );

  it("changes a password with the caller's own, refuses unknown names, ends the admin's other sessions", async () => {
    const { token } = await adminToken("boss");
    const other = await adminToken("boss");
    const call = (body: unknown) => callAs(token, changePassword, "/api/admin/change-password", "PUT", body);
    const unknown = await call({ username: "ghost", newPassword: "whatever123", currentPassword: TEST_PASSWORD });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatch(/No admin with username 'ghost'/);
    expect((await call({ username: "boss", newPassword: "short", currentPassword: TEST_PASSWORD })).status).toBe(400);
    const missing = await call({ username: "boss", newPassword: "brand-new-pass" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe("Your current password is required");
    const wrong = await call({ username: "boss", newPassword: "brand-new-pass", currentPassword: "not-my-password" });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe("Your current password is not correct");
    expect(await verifyLogin("boss", TEST_PASSWORD)).not.toBeNull();
    const ok = await call({ username: "boss", newPassword: "brand-new-pass", currentPassword: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(await verifyLogin("boss", "brand-new-pass")).not.toBeNull();
    expect((await dash(other.token)).status).toBe(401);
    expect((await dash(token)).status).toBe(200);
    await call({ username: "boss", newPassword: TEST_PASSWORD, currentPassword: "brand-new-pass" });
  });

  it("resets a colleague's password only with the caller's own password, not the colleague's", async () => {
    const { token } = await adminToken("boss");
    await createAdmin("clerk", "clerk-password-1");
    const clerk = await adminToken("clerk");
    const call = (body: unknown) =>
      callAs(token, changePassword, "/api/admin/change-password", "PUT", body, "10.5.0.2");
    expect(
      (await call({ username: "clerk", newPassword: "reset-by-boss", currentPassword: "clerk-password-1" })).status,
    ).toBe(403);
    expect(
      (await call({ username: "clerk", newPassword: "reset-by-boss", currentPassword: TEST_PASSWORD })).status,
    ).toBe(200);
    expect(await verifyLogin("clerk", "reset-by-boss")).not.toBeNull();
    expect((await dash(clerk.token)).status).toBe(401);
    expect((await dash(token)).status).toBe(200);
  });

  it("throttles guesses of the current password like logins", async () => {
    const { token } = await adminToken("boss");
    const call = (currentPassword: string) =>
      callAs(
        token,
        changePassword,
        "/api/admin/change-password",
        "PUT",
        { username: "boss", newPassword: "brand-new-pass", currentPassword },
        "10.5.0.3",
      );
    for (let i = 0; i < 3; i++) expect((await call(`guess-${i}`)).status).toBe(403);
    const slowed = await call(TEST_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get("Retry-After")).toBe("5");
  });

  it("removes a colleague, ending their sessions at once; never yourself or the last admin", async () => {
    const { token } = await adminToken("boss");
    await createAdmin("leaver", "leaver-password");
    const leaver = await adminToken("leaver");
    expect((await dash(leaver.token)).status).toBe(200);
    const call = (body: unknown, as = token) => callAs(as, remove, "/api/admin/remove", "POST", body, "10.5.0.4");
    expect((await call({ username: "leaver", currentPassword: "wrong-password" })).status).toBe(403);
    expect((await dash(leaver.token)).status).toBe(200);
    const self = await call({ username: "BOSS", currentPassword: TEST_PASSWORD });
    expect(self.status).toBe(400);
    expect((await self.json()).error).toBe("You cannot remove yourself");
    expect((await call({ username: "ghost", currentPassword: TEST_PASSWORD })).status).toBe(404);
    const ok = await call({ username: "leaver", currentPassword: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: "Admin removed successfully", admin: { username: "leaver" } });
    expect((await dash(leaver.token)).status).toBe(401);
    expect(await findAdminByUsername("leaver")).toBeUndefined();
    expect(await verifyLogin("leaver", "leaver-password")).toBeNull();
    // Removing the only admin left is refused even to another (already removed) account's session.
    await getDb().deleteFrom("admins").where("username", "!=", "boss").execute();
    expect(await removeAdmin(getDb(), 999_999, "boss").catch((e: Error) => e.message)).toBe(
      "The last owner cannot be removed",
    );
    expect(await findAdminByUsername("boss")).toBeDefined();
  });

  it("logs out a bearer token: that token answers 401 at once, others stay signed in", async () => {
    const { token } = await adminToken("boss");
    const other = await adminToken("boss");
    const res = await respond(() =>
      apiLogout.action({
        request: new Request(`${BASE}/api/admin/logout`, { method: "POST", headers: bearer(token) }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(res.status).toBe(200);
    expect((await dash(token)).status).toBe(401);
    expect((await dash(other.token)).status).toBe(200);
  });
});
