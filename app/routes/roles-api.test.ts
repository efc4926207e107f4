import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { OWNER_ONLY_MESSAGE } from "~/lib/roles";
import { resetLoginThrottle } from "~/models/login-throttle.server";
import { adminToken, bearer, respond, TEST_PASSWORD } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import * as leadsCsvPage from "./admin.leads[.csv]";
import * as reportCsvPage from "./admin.report[.csv]";
import * as add from "./api.admin.add";
import * as demoRemove from "./api.admin.demo.remove";
import * as leadsCsv from "./api.admin.leads[.csv]";
import * as role from "./api.admin.role";
import * as carById from "./api.cars.$id";

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
          context: {},
        }),
      () =>
        leadsCsv.loader({
          request: new Request(`${BASE}/api/admin/leads.csv`, { headers: bearer(token) }),
          params: {},
          context: {},
        }),
      () =>
        demoRemove.action({
          request: new Request(`${BASE}/api/admin/demo/remove`, { method: "POST", headers: bearer(token) }),
          params: {},
          context: {},
        }),
      () =>
        add.action({
          request: new Request(
            `${BASE}/api/admin/add`,
            json(token, "POST", { username: "x1", password: "longenough1", currentPassword: TEST_PASSWORD }),
          ),
          params: {},
          context: {},
        }),
      () =>
        role.action({
          request: new Request(
            `${BASE}/api/admin/role`,
            json(token, "PUT", { username: "x1", role: "owner", currentPassword: TEST_PASSWORD }),
          ),
          params: {},
          context: {},
        }),
    ];
    for (const call of calls(sales.token)) {
      const res = await respond(call);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: OWNER_ONLY_MESSAGE });
    }
    const statuses = [];
    for (const call of calls(owner.token)) statuses.push((await respond(call)).status);
    expect(statuses).toEqual([200, 200, 200, 201, 200]);
  });

  it("gets the 403 page for CSV downloads in the back office", async () => {
    const { token } = await adminToken("seller", "sales");
    const cookie = (await (await sessionCookie()).serialize(token)).split(";")[0];
    for (const [path, loader] of [
      ["/admin/leads.csv", leadsCsvPage.loader],
      ["/admin/report.csv", reportCsvPage.loader],
    ] as const) {
      const res = await respond(() =>
        loader({ request: new Request(BASE + path, { headers: { Cookie: cookie } }), params: {}, context: {} }),
      );
      expect(res.status, path).toBe(403);
    }
  });
});
