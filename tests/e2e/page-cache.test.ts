// The page cache, from outside: what is shared, what never is, and that an edit shows at once.
import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { APPLICATION_FLASH_COOKIE_NAME } from "~/http/cookies.server";
import { carPath } from "~/lib/car";
import { ADMIN_PASSWORD, ADMIN_USERNAME, setupE2E } from "./harness";

const app = setupE2E();

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(app.url(path), { headers, redirect: "manual" });

async function bearer(): Promise<string> {
  const res = await fetch(app.url("/api/admin/login"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  return (await res.json()).token;
}

describe("shared pages", () => {
  it("renders a public page once, then serves the same bytes with an ETag, and 304 to a revalidation", async () => {
    const first = await get("/about");
    const second = await get("/about");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    const etag = second.headers.get("etag")!;
    expect(etag).toBe(first.headers.get("etag"));
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("cache-control")).toMatch(/public.*max-age=0.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(second.headers.get("vary")).toBe("Accept-Encoding");
    const revalidated = await get("/about", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("keeps the compressed bytes: brotli and gzip decode to the page itself", async () => {
    const plain = await (await get("/browse", { "accept-encoding": "identity" })).arrayBuffer();
    for (const [encoding, decode] of [
      ["br", zlib.brotliDecompressSync],
      ["gzip", zlib.gunzipSync],
    ] as const) {
      // fetch would decode for us; read the raw bytes with node:http instead.
      const res = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        http
          .get(app.url("/browse"), { headers: { "accept-encoding": encoding } }, (r) => {
            const chunks: Buffer[] = [];
            r.on("data", (c) => chunks.push(c));
            r.on("end", () => resolve({ encoding: r.headers["content-encoding"], body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
      expect(res.encoding).toBe(encoding);
      expect(decode(res.body).equals(Buffer.from(plain))).toBe(true);
    }
  });

  it("allows each inline script by its hash: no nonce, no 'unsafe-inline' for scripts", async () => {
    // Remix's inline scripts on a hydrated page (the sign-in page, /about), the car's JSON-LD on a
    // page that runs no React.
    const [car] = app.rows<{ id: number; make: string; model: string; year: number }>(
      "select id, make, model, year from cars where sold = 0 limit 1",
    );
    for (const path of ["/about", carPath(car), "/admin/login"]) {
      const res = await get(path);
      const html = await res.text();
      const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("nonce-");
      const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(inline.length).toBeGreaterThan(0);
      for (const text of inline) {
        expect(scriptSrc).toContain(`'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`);
      }
    }
  });

  it("shows an admin's edit on every public page and API the moment it is saved", async () => {
    const [{ id, price, make, model, year }] = app.rows<{
      id: number;
      price: number;
      make: string;
      model: string;
      year: number;
    }>("select id, price, make, model, year from cars where sold = 0 order by created_at desc limit 1");
    const naira = (n: number) => `₦${n.toLocaleString("en-NG")}`;
    const page = carPath({ id, make, model, year });
    // Requested once: cached now.
    for (const path of [page, "/browse", "/", `/api/cars/${id}`, "/api/cars/recent"]) await get(path);
    expect((await get(page)).headers.get("x-cache")).toBe("HIT");
    const car = await (await get(`/api/cars/${id}`)).json();
    const form = new FormData();
    for (const field of [
      "make",
      "model",
      "year",
      "condition",
      "engine_capacity",
      "engine_size",
      "custom_paper",
      "body_type",
      "drive_train",
    ]) {
      form.set(field, String(car[field]));
    }
    const newPrice = price + 123_000;
    form.set("price", String(newPrice));
    form.set("existingImages", JSON.stringify(car.images));
    const saved = await fetch(app.url(`/api/cars/${id}`), {
      method: "PUT",
      headers: { authorization: `Bearer ${await bearer()}` },
      body: form,
    });
    expect(saved.status).toBe(200);
    expect(await (await get(page)).text()).toContain(naira(newPrice));
    expect(await (await get("/browse")).text()).toContain(naira(newPrice));
    expect(await (await get("/")).text()).toContain(naira(newPrice));
    expect((await (await get(`/api/cars/${id}`)).json()).price).toBe(newPrice);
    expect((await (await get("/api/cars/recent")).json())[0].price).toBe(newPrice);
  });
});

describe("never cached", () => {
  it("a signed-in admin's pages", async () => {
    const cookie = await app.adminCookie();
    await get("/connect"); // an anonymous copy is cached
    const res = await get("/connect", { cookie });
    expect(res.headers.get("x-cache")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await get("/admin", { cookie })).headers.get("cache-control")).toBe("private, no-store");
  });

  it("a bearer call to a public list (the admin list answers sold cars too)", async () => {
    const res = await get("/api/cars?limit=100", { authorization: `Bearer ${await bearer()}` });
    expect(res.headers.get("x-cache")).toBeNull();
    expect((await res.json()).some((c: { sold: boolean }) => c.sold)).toBe(true);
    expect((await (await get("/api/cars?limit=100")).json()).some((c: { sold: boolean }) => c.sold)).toBe(false);
  });

  it("the home page of a subscriber (their 'Subscribed Users' list), nor a response that sets a cookie", async () => {
    const email = `cache-${Date.now()}@example.com`;
    const posted = await fetch(app.url("/?index"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "newsletter", name: "Ada Cache", email, ...(await app.botGuardFields("/")) }),
    });
    expect(posted.status).toBe(200);
    const cookie = posted.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("newsletter=");
    const mine = await get("/", { cookie });
    expect(mine.headers.get("x-cache")).toBeNull();
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(await mine.text()).toContain(email);
    const anyone = await get("/");
    expect(anyone.headers.get("x-cache")).toMatch(/HIT|MISS/);
    expect(await anyone.text()).not.toContain(email);
  });

  it("a one-time flash message, and the answer that clears it", async () => {
    const flash = createCookie(APPLICATION_FLASH_COOKIE_NAME, { path: "/" });
    const cookie = (await flash.serialize("1")).split(";")[0];
    const res = await get("/financing", { cookie });
    expect(res.headers.getSetCookie().join()).toContain(`${APPLICATION_FLASH_COOKIE_NAME}=;`);
    expect(await res.text()).toContain("Application submitted successfully!");
    const next = await get("/financing");
    expect(await next.text()).not.toContain("Application submitted successfully!");
  });

  it("errors and redirects", async () => {
    for (const path of ["/cars/99999999", "/api/cars/99999999", "/browse?type=SUV"]) {
      const first = await get(path);
      const second = await get(path);
      expect(first.status).not.toBe(200);
      expect(second.headers.get("x-cache") ?? "BYPASS", path).toBe("BYPASS");
      expect(second.headers.get("etag")).toBeNull();
    }
  });

  it("a buyer's loan application page", async () => {
    const res = await get("/loan-application");
    expect(res.headers.get("x-cache")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});
