import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { OWNER_ONLY_MESSAGE } from "~/lib/roles";
import { resetLoginThrottle } from "~/models/login-throttle.server";
import { adminToken, bearer, respond, TEST_PASSWORD } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
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
      () =>
        stockExport.loader({
          request: new Request(`${BASE}/api/cars/export?format=csv`, { headers: bearer(token) }),
          params: {},
          context: {},
        }),
      () =>
        remove.action({
          request: new Request(
            `${BASE}/api/admin/remove`,
            json(token, "POST", { username: "x1", currentPassword: TEST_PASSWORD }),
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
    expect(statuses).toEqual([200, 200, 200, 201, 200, 200, 200]);
  });

  it("gets the 403 page for CSV and spreadsheet downloads in the back office, the empty template excepted", async () => {
    const { token } = await adminToken("seller", "sales");
    const cookie = (await (await sessionCookie()).serialize(token)).split(";")[0];
    for (const [path, loader] of [
      ["/admin/leads.csv", leadsCsvPage.loader],
      ["/admin/report.csv", reportCsvPage.loader],
      ["/admin/stock-file?kind=export&format=csv", stockFile.loader],
    ] as const) {
      const res = await respond(() =>
        loader({ request: new Request(BASE + path, { headers: { Cookie: cookie } }), params: {}, context: {} }),
      );
      expect(res.status, path).toBe(403);
    }
    const template = await respond(() =>
      stockFile.loader({
        request: new Request(`${BASE}/admin/stock-file?kind=template&format=csv`, { headers: { Cookie: cookie } }),
        params: {},
        context: {},
      }),
    );
    expect(template.status).toBe(200);
  });
});
