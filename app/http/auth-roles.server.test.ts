import { describe, expect, it } from "vitest";
import { OWNER_ONLY_MESSAGE } from "~/lib/roles";
import { createAdmin } from "~/models/admin.server";
import { createSession } from "~/models/session.server";
import { bearer, respond } from "../../tests/helpers/admin-auth";
import { requirePermission, requirePermissionApi } from "./auth.server";
import { sessionCookie } from "./cookies.server";

async function pageRequest(adminId: number): Promise<Request> {
  const token = await createSession(adminId);
  const cookie = (await (await sessionCookie(new Request("http://localhost/"))).serialize(token)).split(";")[0];
  return new Request("http://localhost/admin/settings", { headers: { Cookie: cookie } });
}

describe("permission guards", () => {
  it("let an owner through and answer a sales account 403, on pages and the API", async () => {
    const owner = await createAdmin("guard-owner", "owner-password-1", "owner");
    const sales = await createAdmin("guard-sales", "sales-password-1", "sales");
    expect((await requirePermission(await pageRequest(owner.id), "settings.edit")).admin).toMatchObject({
      username: "guard-owner",
      role: "owner",
    });
    const page = await respond(async () => requirePermission(await pageRequest(sales.id), "settings.edit"));
    expect(page.status).toBe(403);
    expect(await page.text()).toBe(OWNER_ONLY_MESSAGE);
    const viaPermission = await respond(async () => requirePermission(await pageRequest(sales.id), "cars.delete"));
    expect(viaPermission.status).toBe(403);
    expect((await requirePermission(await pageRequest(sales.id), "cars.edit")).admin.username).toBe("guard-sales");

    const api = (token: string) => new Request("http://localhost/api/admin/settings", { headers: bearer(token) });
    expect((await requirePermissionApi(api(await createSession(owner.id)), "settings.edit")).admin.role).toBe("owner");
    const refused = await respond(async () =>
      requirePermissionApi(api(await createSession(sales.id)), "settings.edit"),
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: OWNER_ONLY_MESSAGE });
    const denied = await respond(async () => requirePermissionApi(api(await createSession(sales.id)), "data.export"));
    expect(denied.status).toBe(403);
  });

  it("send a signed-out page visitor to the login page and a token-less API call a 401", async () => {
    const page = await respond(() =>
      requirePermission(new Request("http://localhost/admin/settings"), "settings.edit"),
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login?next=%2Fadmin%2Fsettings");
    const api = await respond(() =>
      requirePermissionApi(new Request("http://localhost/api/admin/settings"), "settings.edit"),
    );
    expect(api.status).toBe(401);
  });
});
