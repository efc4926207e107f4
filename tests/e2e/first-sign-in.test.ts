// A password someone else chose must be replaced at the first sign-in: the first admin's (here from
// ADMIN_PASSWORD, as a deployment's environment file gives it) and an account an owner adds. Sent
// from another loopback address, as a visitor would.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, ADMIN_USERNAME, setupE2E } from "./harness";

const app = setupE2E({ browser: true, server: { seeded: false, firstSignIn: true } });

/** A JSON request from 127.0.0.2: its status and parsed body. */
function call(
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      new URL(path, app.server.url),
      {
        method,
        localAddress: "127.0.0.2",
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(payload ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function login(username: string, password: string): Promise<string> {
  const res = await call("POST", "/api/admin/login", { body: { username, password } });
  expect(res.status).toBe(200);
  return String(res.json.token);
}

const mustChange = (username: string) =>
  app.rows<{ must_change_password: number }>("SELECT must_change_password FROM admins WHERE username = ?", username)[0]
    .must_change_password;

describe("the first admin, created from ADMIN_PASSWORD", () => {
  it("gets 403 from every admin API but the password change and logout, until they choose their own", async () => {
    expect(mustChange(ADMIN_USERNAME)).toBe(1);
    const token = await login(ADMIN_USERNAME, ADMIN_PASSWORD);
    for (const [method, path] of [
      ["GET", "/api/admin/dashboard"],
      ["GET", "/api/admin/leads"],
      ["GET", "/api/admin/settings"],
      ["POST", "/api/cars/mark-sold"],
    ]) {
      const res = await call(method, path, { token, body: method === "GET" ? undefined : {} });
      expect(res.status, path).toBe(403);
      expect(res.json.error, path).toMatch(/^Choose your own password before using the back office/);
    }
    // Nor may they reset anyone else's password first.
    const other = await call("PUT", "/api/admin/change-password", {
      token,
      body: { username: "someone-else", currentPassword: ADMIN_PASSWORD, newPassword: "owner-chose-this-1" },
    });
    expect(other.status).toBe(403);
    expect(other.json.error).toBe("Choose your own password before changing anyone else's");
    // The same password again is no change.
    const same = await call("PUT", "/api/admin/change-password", {
      token,
      body: { username: ADMIN_USERNAME, currentPassword: ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD },
    });
    expect(same.status).toBe(400);
    expect(mustChange(ADMIN_USERNAME)).toBe(1);
    const changed = await call("PUT", "/api/admin/change-password", {
      token,
      body: { username: ADMIN_USERNAME, currentPassword: ADMIN_PASSWORD, newPassword: "owner-chose-this-1" },
    });
    expect(changed.status).toBe(200);
    expect(mustChange(ADMIN_USERNAME)).toBe(0);
    expect((await call("GET", "/api/admin/dashboard", { token })).status).toBe(200);

    // Signing in again works with the new password (logout while the change is pending: below).
    const second = await login(ADMIN_USERNAME, "owner-chose-this-1");
    expect((await call("POST", "/api/admin/logout", { token: second })).status).toBe(200);
    expect((await call("GET", "/api/admin/dashboard", { token: second })).status).toBe(401);
  });
});

describe("an account the owner adds", () => {
  it("is sent to the change-password screen from every page (no JavaScript) until they choose their own", async () => {
    const owner = await login(ADMIN_USERNAME, "owner-chose-this-1");
    const added = await call("POST", "/api/admin/add", {
      token: owner,
      body: { username: "ada", password: "owner-typed-it-1", role: "sales", currentPassword: "owner-chose-this-1" },
    });
    expect(added.status).toBe(201);
    expect(mustChange("ada")).toBe(1);
    // The API refuses it until the change, but logout works.
    const adaToken = await login("ada", "owner-typed-it-1");
    expect((await call("GET", "/api/admin/dashboard", { token: adaToken })).status).toBe(403);
    expect((await call("POST", "/api/admin/logout", { token: adaToken })).status).toBe(200);

    const page = await app.open("/admin/login", { js: false });
    await app.field(page, "Username").fill("ada");
    await app.field(page, "Password").fill("owner-typed-it-1");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(app.url("/admin/change-password"));
    await page.getByText("Your password was set by someone else").waitFor();
    for (const path of ["/admin", "/admin/leads", "/admin/add-car", "/admin/admin-management", "/admin/nothing-here"]) {
      await app.go(page, path);
      expect(new URL(page.url()).pathname, path).toBe("/admin/change-password");
    }
    const form = page.getByRole("form", { name: "Choose your password" });
    await app.field(form, "Current password").fill("owner-typed-it-1");
    await app.field(form, "New password").fill("ada-chose-this-1");
    await app.field(form, "New password again").fill("ada-chose-this-2");
    await form.getByRole("button", { name: "Save my password" }).click();
    await page.getByRole("alert").filter({ hasText: "The two new passwords are not the same" }).waitFor();
    expect(mustChange("ada")).toBe(1);

    await app.field(form, "Current password").fill("owner-typed-it-1");
    await app.field(form, "New password").fill("ada-chose-this-1");
    await app.field(form, "New password again").fill("ada-chose-this-1");
    await form.getByRole("button", { name: "Save my password" }).click();
    await page.waitForURL(app.url("/admin"));
    await page.getByText("Signed in as").waitFor();
    expect(mustChange("ada")).toBe(0);
    await app.go(page, "/admin/leads");
    expect(new URL(page.url()).pathname).toBe("/admin/leads");
  });
});
