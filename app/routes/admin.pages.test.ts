import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { verifyLogin } from "~/models/admin.server";
import { getCar } from "~/models/car.server";
import { resetLoginThrottle } from "~/models/login-throttle.server";
import { checkSession } from "~/models/session.server";
import { getDb } from "../../db/database.server";
import { adminToken, respond, TEST_PASSWORD } from "../../tests/helpers/admin-auth";
import { clearData, makeCar, uploadedFiles } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import * as layout from "./admin";
import * as dashboard from "./admin._index";
import * as notFound from "./admin.$";
import * as addCar from "./admin.add-car";
import * as management from "./admin.admin-management";
import * as stockList from "./admin.create-listing";
import * as editCar from "./admin.edit-car.$id";
import * as inspections from "./admin.inspections";
import * as report from "./admin.report";
import * as keepalive from "./admin_.keepalive";
import * as login from "./admin_.login";
import * as logout from "./admin_.logout";

const BASE = "http://localhost";
let cookie = "";
let token = "";

beforeEach(async () => {
  await clearData();
  resetLoginThrottle();
  token = (await adminToken()).token;
  cookie = (await (await sessionCookie()).serialize(token)).split(";")[0];
});

const args = (path: string, init: RequestInit & { signedIn?: boolean } = {}, params: Record<string, string> = {}) => {
  const { signedIn = true, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (signedIn) headers.set("Cookie", cookie);
  return {
    request: new Request(BASE + path, { ...rest, headers }),
    params,
    context: loadContext({ clientIp: "127.0.0.9" }),
  };
};
const formBody = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of ([] as string[]).concat(v)) body.append(k, x);
  return body;
};
/** The payload of a data() result (single fetch) or a plain object. */
const payload = (out: unknown) =>
  (out as { data?: unknown; type?: string })?.type === "DataWithResponseInit" ? (out as { data: unknown }).data : out;
const status = (out: unknown) => (out as { init?: { status?: number } })?.init?.status;

describe("admin pages: the guard", () => {
  const loaders: [string, (a: ReturnType<typeof args>) => unknown][] = [
    ["/admin (layout)", layout.loader],
    ["/admin (dashboard)", dashboard.loader],
    ["/admin/create-listing", stockList.loader],
    ["/admin/add-car", addCar.loader],
    ["/admin/edit-car/1", (a) => editCar.loader({ ...a, params: { id: "1" } })],
    ["/admin/inspections", inspections.loader],
    ["/admin/admin-management", management.loader],
    ["/admin/report", report.loader],
    ["/admin/no-such-page", notFound.loader],
  ];
  const actions: [string, (a: ReturnType<typeof args>) => unknown][] = [
    ["/admin/create-listing", stockList.action],
    ["/admin/add-car", addCar.action],
    ["/admin/edit-car/1", (a) => editCar.action({ ...a, params: { id: "1" } })],
    ["/admin/admin-management", management.action],
  ];
  it("redirects every anonymous loader (naming the page, to go back to) and action to /admin/login", async () => {
    for (const [path, fn] of loaders) {
      const res = await respond(() => fn(args(path, { signedIn: false })));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe(
        path.startsWith("/admin (") ? "/admin/login" : `/admin/login?next=${encodeURIComponent(path)}`,
      );
    }
    for (const [path, fn] of actions) {
      const res = await respond(() =>
        fn(args(path, { signedIn: false, method: "POST", body: formBody({ intent: "delete", id: "1" }) })),
      );
      expect(res.headers.get("Location"), path).toBe("/admin/login");
    }
  });
});

describe("admin pages: actions", () => {
  it("signs in with the form, setting an HttpOnly SameSite=Lax cookie, and signs out", async () => {
    const ok = await respond(() =>
      login.action(
        args("/admin/login", {
          signedIn: false,
          method: "POST",
          body: formBody({ username: "boss", password: "correct-horse-battery" }),
        }),
      ),
    );
    expect(ok.headers.get("Location")).toBe("/admin");
    const setCookie = ok.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const bad = await login.action(
      args("/admin/login", {
        signedIn: false,
        method: "POST",
        body: formBody({ username: "boss", password: "nope-nope" }),
      }),
    );
    expect(payload(bad)).toEqual({ error: "Invalid credentials", username: "boss" });
    expect(status(bad)).toBe(401);
    // A body that is not a form is refused with 400, never a 500.
    for (const body of [JSON.stringify({ username: "boss", password: "correct-horse-battery" }), "{not json"]) {
      const refused = await login.action(
        args("/admin/login", {
          signedIn: false,
          method: "POST",
          body,
          headers: { "Content-Type": "application/json" },
        }),
      );
      expect(status(refused)).toBe(400);
      expect(payload(refused)).toEqual({ error: "Invalid credentials", username: "" });
    }

    const out = await respond(() =>
      logout.action(args("/admin/logout", { method: "POST", body: formBody({ reason: "inactivity" }) })),
    );
    expect(out.headers.get("Location")).toBe("/admin/login?reason=inactivity");
    expect((await checkSession(token)).status).toBe("missing");
    expect(await login.loader(args("/admin/login?reason=inactivity", { signedIn: false }))).toEqual({
      notice: "Logged out due to inactivity.",
      next: null,
    });
  });

  it("keeps the session alive and signs out (cross-site posts never get here: see the same-origin check)", async () => {
    const ping = await respond(() => keepalive.action(args("/admin/keepalive", { method: "POST" })));
    expect(ping.status).toBe(204);
    expect((await checkSession(token)).status).toBe("ok");
    const out = await respond(() => logout.action(args("/admin/logout", { method: "POST" })));
    expect(out.headers.get("Location")).toBe("/admin/login");
    expect((await checkSession(token)).status).toBe("missing");
  });

  it("refuses an invalid car with 400, keeps what was typed and stores nothing", async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({ make: "Honda", model: "", year: "2019", price: "abc", condition: "New" }))
      body.set(k, v);
    body.append("keyfeatures", "Bluetooth");
    body.append("keyfeatures", "Sunroof");
    const out = await addCar.action(args("/admin/add-car", { method: "POST", body }));
    expect(status(out)).toBe(400);
    const data = payload(out) as {
      error: string;
      fieldErrors: Record<string, string>;
      values: Record<string, unknown>;
    };
    expect(data.error).toBe("Failed to add car: Model is required");
    expect(data.fieldErrors).toMatchObject({
      model: "Model is required",
      price: "Price must be an amount in naira, e.g. 25,000,000 or 25m",
    });
    expect(data.values).toMatchObject({ make: "Honda", year: "2019", keyfeatures: ["Bluetooth", "Sunroof"] });
    expect(await getDb().selectFrom("cars").selectAll().execute()).toEqual([]);
    expect(uploadedFiles()).toEqual([]);
  });

  it("marks sold and deletes from the stock list; failures use the product texts", async () => {
    const id = await makeCar({ images: [] });
    const sold = await respond(() =>
      stockList.action(
        args("/admin/create-listing", { method: "POST", body: formBody({ intent: "sold", id: String(id) }) }),
      ),
    );
    expect(sold.headers.get("Location")).toBe("/admin/create-listing?done=sold");
    expect((await getCar(id))?.sold).toBe(true);
    const sale = await getDb().selectFrom("car_sales").selectAll().executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ car_id: id, make: "Toyota", model: "Camry", year: 2020, color: "Black" });
    expect(sale.time_sold).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(
      payload(
        await stockList.action(
          args("/admin/create-listing", { method: "POST", body: formBody({ intent: "sold", id: String(id) }) }),
        ),
      ),
    ).toEqual({ error: "Error marking car as sold" });
    const del = await respond(() =>
      stockList.action(
        args("/admin/create-listing", { method: "POST", body: formBody({ intent: "delete", id: String(id) }) }),
      ),
    );
    expect(del.headers.get("Location")).toBe("/admin/create-listing?done=deleted");
    expect(
      payload(
        await stockList.action(
          args("/admin/create-listing", { method: "POST", body: formBody({ intent: "delete", id: String(id) }) }),
        ),
      ),
    ).toEqual({ error: "Error deleting car" });
    // The confirmation step is rendered from the URL.
    const other = await makeCar({ images: [] });
    const page = (await stockList.loader(args(`/admin/create-listing?confirm=delete&id=${other}`))) as {
      confirm: unknown;
    };
    expect(page.confirm).toEqual({ kind: "delete", id: other, label: "Toyota Camry 2020", price: 25_000_000 });
  });

  it("answers 404 inside the back office for an unknown /admin URL", async () => {
    const out = await notFound.loader(args("/admin/no-such-page", {}, { "*": "no-such-page" }));
    expect(status(out)).toBe(404);
  });

  it("edit: a refused update keeps what was typed (removed images too) and changes nothing", async () => {
    const id = await makeCar({ images: ["/uploads/one.jpg", "/uploads/two.jpg"] });
    const before = await getCar(id);
    const body = new FormData();
    for (const [k, v] of Object.entries({
      make: "Changed",
      model: "Camry",
      year: "2020",
      price: "1000",
      condition: "New",
      engine_capacity: "2.5L",
      engine_size: "V4",
      custom_paper: "No",
      body_type: "Sedan",
      drive_train: "FWD",
      removeImages: "/uploads/two.jpg",
    }))
      body.set(k, v);
    body.append("keyfeatures", "Sunroof");
    body.append(
      "images",
      new File([new Uint8Array(Buffer.from("not an image, just text\n".repeat(10)))], "fake.jpg", {
        type: "image/jpeg",
      }),
    );
    const out = await editCar.action(args(`/admin/edit-car/${id}`, { method: "POST", body }, { id: String(id) }));
    expect(status(out)).toBe(415);
    const data = payload(out) as { error: string; values: Record<string, unknown> };
    expect(data.error).toMatch(/^Failed to update car: /);
    expect(data.values).toMatchObject({ make: "Changed", removeImages: "/uploads/two.jpg", keyfeatures: "Sunroof" });
    expect(await getCar(id)).toEqual(before);
    expect(uploadedFiles()).toEqual([]);
  });

  it("edit: an unknown car is a 404 (the boundary says so); a database failure is thrown, never hidden", async () => {
    const missing = await respond(() => editCar.loader(args("/admin/edit-car/999", {}, { id: "999" })));
    expect(missing.status).toBe(404);
    const id = await makeCar({ images: [] });
    await getDb().schema.alterTable("cars").renameTo("cars_away").execute();
    try {
      await expect(editCar.loader(args(`/admin/edit-car/${id}`, {}, { id: String(id) }))).rejects.toThrow(
        /no such table: cars/,
      );
    } finally {
      await getDb().schema.alterTable("cars_away").renameTo("cars").execute();
    }
  });

  it("admin management: the product messages, short passwords refused", async () => {
    const post = (fields: Record<string, string>) =>
      management.action(args("/admin/admin-management", { method: "POST", body: formBody(fields) }));
    const mine = TEST_PASSWORD; // the signed-in admin's own password confirms every account change
    expect(payload(await post({ intent: "add", username: "kemi", password: "kemi-password" }))).toMatchObject({
      ok: false,
      message: "Failed to add admin: Your current password is required",
      fieldErrors: { currentPassword: "Your current password is required" },
      values: { username: "kemi" },
    });
    const add = { intent: "add", username: "kemi", password: "kemi-password", currentPassword: mine };
    expect(payload(await post(add))).toMatchObject({ ok: true, message: "Admin added successfully" });
    expect(payload(await post(add))).toMatchObject({
      ok: false,
      message: "Failed to add admin: Username 'kemi' is already taken",
      values: { username: "kemi" },
    });
    expect(payload(await post({ ...add, username: "femi", password: "short" }))).toMatchObject({
      ok: false,
      message: "Failed to add admin: Password must be at least 8 characters",
      fieldErrors: { password: "Password must be at least 8 characters" },
    });
    expect(
      payload(
        await post({ intent: "change", username: "ghost", newPassword: "ghost-password", currentPassword: mine }),
      ),
    ).toMatchObject({ ok: false, message: "Failed to change password: No admin with username 'ghost'" });
    expect(payload(await post({ intent: "change", username: "kemi", newPassword: "kemi-new-password" }))).toMatchObject(
      { ok: false, message: "Failed to change password: Your current password is required" },
    );
    expect(
      payload(
        await post({
          intent: "change",
          username: "kemi",
          newPassword: "kemi-new-password",
          currentPassword: "kemi-password",
        }),
      ),
    ).toMatchObject({ ok: false, message: "Failed to change password: Your current password is not correct" });
    expect(
      payload(
        await post({ intent: "change", username: "kemi", newPassword: "kemi-new-password", currentPassword: mine }),
      ),
    ).toMatchObject({ ok: true, message: "Password changed successfully" });
    expect(await verifyLogin("kemi", "kemi-new-password")).not.toBeNull();
    expect(payload(await post({ intent: "remove", username: "boss", currentPassword: mine }))).toMatchObject({
      ok: false,
      message: "Failed to remove admin: You cannot remove yourself",
    });
    expect(payload(await post({ intent: "remove", username: "kemi", currentPassword: mine }))).toMatchObject({
      ok: true,
      message: "Admin 'kemi' removed successfully",
    });
    expect(await verifyLogin("kemi", "kemi-new-password")).toBeNull();
    const page = await management.loader(args("/admin/admin-management"));
    expect(page).toMatchObject({
      me: "boss",
      admins: expect.arrayContaining([expect.objectContaining({ username: "boss" })]),
    });
    expect(page.admins.map((a) => a.username)).not.toContain("kemi");
  });
});
