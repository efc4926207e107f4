import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { OWNER_ONLY_MESSAGE } from "~/lib/roles";
import { resetLoginThrottle } from "~/models/login-throttle.server";
import { getDb } from "../../db/database.server";
import { adminToken, bearer, respond, TEST_PASSWORD } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import * as dashboardPage from "./admin._index";
import * as staffPage from "./admin.admin-management";
import * as listingsPage from "./admin.create-listing";
import * as leadsCsvPage from "./admin.leads[.csv]";
import * as reportCsvPage from "./admin.report[.csv]";
import * as stockFile from "./admin_.stock-file";
import * as add from "./api.admin.add";
import * as demoRemove from "./api.admin.demo.remove";
import * as leadsCsv from "./api.admin.leads[.csv]";
import * as remove from "./api.admin.remove";
import * as role from "./api.admin.role";
import * as carById from "./api.cars.$id";
import * as stockExport from "./api.cars.export";

const BASE = "http://localhost";
const json = (token: string, method: string, body: unknown) => ({
  method,
  headers: { ...bearer(token), "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

beforeEach(async () => {
  await clearData();
  resetLoginThrottle();
});

describe("a sales account", () => {
  it("gets 403 from the owners' API calls, and the owner gets through", async () => {
    const sales = await adminToken("seller", "sales");
    const owner = await adminToken("boss");
    const carId = await makeCar();
    const calls = (token: string) => [
      () =>
        carById.action({
          request: new Request(`${BASE}/api/cars/${carId}`, { method: "DELETE", headers: bearer(token) }),
          params: { id: String(carId) },
          context: loadContext(),
        }),
      () =>
        leadsCsv.loader({
          request: new Request(`${BASE}/api/admin/leads.csv`, { headers: bearer(token) }),
          params: {},
          context: loadContext(),
        }),
      () =>
        demoRemove.action({
          request: new Request(`${BASE}/api/admin/demo/remove`, { method: "POST", headers: bearer(token) }),
          params: {},
          context: loadContext(),
        }),
      () =>
        add.action({
          request: new Request(
            `${BASE}/api/admin/add`,
            json(token, "POST", { username: "x1", password: "longenough1", currentPassword: TEST_PASSWORD }),
          ),
          params: {},
          context: loadContext(),
        }),
      () =>
        role.action({
          request: new Request(
            `${BASE}/api/admin/role`,
            json(token, "PUT", { username: "x1", role: "owner", currentPassword: TEST_PASSWORD }),
          ),
          params: {},
          context: loadContext(),
        }),
      () =>
        stockExport.loader({
          request: new Request(`${BASE}/api/cars/export?format=csv`, { headers: bearer(token) }),
          params: {},
          context: loadContext(),
        }),
      () =>
        remove.action({
          request: new Request(
            `${BASE}/api/admin/remove`,
            json(token, "POST", { username: "x1", currentPassword: TEST_PASSWORD }),
          ),
          params: {},
          context: loadContext(),
        }),
    ];
    for (const call of calls(sales.token)) {
      const res = await respond(call);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: OWNER_ONLY_MESSAGE });
    }
    const statuses = [];
    for (const call of calls(owner.token)) statuses.push((await respond(call)).status);
    expect(statuses).toEqual([200, 200, 200, 201, 200, 200, 200]);
  });

  it("gets the 403 page for CSV and stock downloads in the back office, not for the empty template", async () => {
    const { token } = await adminToken("seller", "sales");
    const cookie = (await (await sessionCookie()).serialize(token)).split(";")[0];
    for (const [path, loader] of [
      ["/admin/leads.csv", leadsCsvPage.loader],
      ["/admin/report.csv", reportCsvPage.loader],
      ["/admin/stock-file?kind=export&format=csv", stockFile.loader],
    ] as const) {
      const res = await respond(() =>
        loader({
          request: new Request(BASE + path, { headers: { Cookie: cookie } }),
          params: {},
          context: loadContext(),
        }),
      );
      expect(res.status, path).toBe(403);
    }
    const template = await respond(() =>
      stockFile.loader({
        request: new Request(`${BASE}/admin/stock-file?kind=template&format=csv`, { headers: { Cookie: cookie } }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(template.status).toBe(200);
  });

  it("gets 403 from owners' page actions (delete a car, staff, demo removal), which change nothing", async () => {
    const { token } = await adminToken("seller", "sales");
    await adminToken("boss");
    const cookie = (await (await sessionCookie()).serialize(token)).split(";")[0];
    const carId = await makeCar();
    const post = (path: string, fields: Record<string, string>) =>
      new Request(BASE + path, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const staff = (fields: Record<string, string>) =>
      staffPage.action({
        request: post("/admin/admin-management", { ...fields, currentPassword: TEST_PASSWORD }),
        params: {},
        context: loadContext(),
      });
    const calls = [
      () =>
        listingsPage.action({
          request: post("/admin/create-listing", { intent: "delete", id: String(carId) }),
          params: {},
          context: loadContext(),
        }),
      () =>
        dashboardPage.action({
          request: post("/admin", { intent: "remove-demo" }),
          params: {},
          context: loadContext(),
        }),
      () => staff({ intent: "add", username: "sneaky", password: "longenough1", role: "owner" }),
      () => staff({ intent: "role", username: "seller", role: "owner" }),
      () => staff({ intent: "remove", username: "boss" }),
      () => staff({ intent: "change", username: "boss", newPassword: "taken-over-1" }),
    ];
    // A thrown 403 page, or the staff page's own answer (its message) with status 403.
    const statusOf = async (call: () => Promise<unknown>) => {
      try {
        const out = await call();
        return out instanceof Response ? out.status : (out as { init?: { status?: number } }).init?.status;
      } catch (e) {
        if (e instanceof Response) return e.status;
        throw e;
      }
    };
    for (const call of calls) expect(await statusOf(call)).toBe(403);
    const admins = await getDb().selectFrom("admins").select(["username", "role"]).orderBy("username").execute();
    expect(admins).toEqual([
      { username: "boss", role: "owner" },
      { username: "seller", role: "sales" },
    ]);
    expect(await getDb().selectFrom("cars").select("id").where("id", "=", carId).execute()).toHaveLength(1);
  });
});
