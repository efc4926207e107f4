// Counting a car page's views through the Express app as server.ts builds it (page cache on),
// with a small Remix build whose car page is a shared HTML answer. Requests come from outside
// the process over HTTP; a client bound to 127.0.0.2 is another visitor.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { handleError } from "~/entry.server";
import { sessionCookie } from "~/http/cookies.server";
import { edge } from "~/lib/edge";
import { countCarView, interestOf, resetViewCounting } from "~/models/car-interest.server";
import { parseEnv } from "../app/config/env.server";
import { createLogger } from "../app/config/logger.server";
import { adminToken } from "../tests/helpers/admin-auth";
import { clearData, makeCar } from "../tests/helpers/db";
import { createApp } from "./app";

let renders = 0;
const build = {
  mode: "production",
  entry: {
    module: {
      default: (_request: Request, status: number) => new Response("<p>Page not found</p>", { status }),
      handleError,
    },
  },
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/cars.$id": {
      id: "routes/cars.$id",
      parentId: "root",
      path: "cars/:id",
      module: {
        loader: ({ params, request }: { params: { id: string }; request: Request }) => {
          renders++;
          return new Response(
            `<!doctype html><p>Car ${params.id} at ${new URL(request.url).search || "(no query)"}</p>`,
            {
              headers: { "Content-Type": "text/html; charset=utf-8" },
            },
          );
        },
        handle: edge({ shared: { query: ["photo"] } }),
      },
    },
  },
  assets: { url: "/build/manifest.js", version: "1", entry: { module: "/build/entry.js", imports: [] }, routes: {} },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true },
  isSpaMode: false,
  basename: undefined,
} as unknown as ServerBuild;

const BROWSER = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36";
let port = 0;
let close = () => {};

beforeAll(async () => {
  port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const config = {
    ...parseEnv({ ...process.env, SITE_URL: `http://127.0.0.1:${port}` }),
    NODE_ENV: "production" as const,
    RATE_LIMITS: "off" as const,
  };
  const logger = createLogger("production", { write: () => true } as unknown as NodeJS.WritableStream);
  const server = createApp({ config, build: () => build, assetsDir: "public/build", logger }).listen(port, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  close = () => server.close();
});
afterAll(() => close());

beforeEach(async () => {
  await clearData();
  resetViewCounting();
});

interface Answer {
  status: number;
  cache: string | undefined;
  body: string;
}

/** A GET from `from` (127.0.0.1 or another loopback address: another visitor). */
function visit(path: string, headers: Record<string, string> = {}, from = "127.0.0.1", method = "GET") {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method, localAddress: from, headers: { "User-Agent": BROWSER, ...headers } },
      (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: res.headers["x-cache"] as string, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Counting runs once the answer has gone out: give it a moment. */
const settle = () => new Promise((r) => setTimeout(r, 60));

async function figures(id: number) {
  await settle();
  return (await interestOf([{ id, days_in_stock: 0 }], 30))[id];
}

describe("counting a car page's views", () => {
  it("counts a person once per address per car per day, from the cache or not", async () => {
    const id = await makeCar();
    const first = await visit(`/cars/${id}`);
    expect(first).toMatchObject({ status: 200, cache: "MISS" });
    const again = await visit(`/cars/${id}`);
    expect(again.cache).toBe("HIT");
    expect(await figures(id)).toMatchObject({ views: 1, views_7d: 1, views_by_source: { direct: 1 } });

    // Another visitor is answered from the cache and counted.
    const other = await visit(`/cars/${id}`, {}, "127.0.0.2");
    expect(other.cache).toBe("HIT");
    expect((await figures(id)).views).toBe(2);

    // A client navigation's data request is the same page for the same visitor.
    await visit(`/cars/${id}.data`, {}, "127.0.0.2");
    expect((await figures(id)).views).toBe(2);
  });

  it("does not count bots, prefetches, prerenders, HEAD, scripts without a user agent or missing cars", async () => {
    const id = await makeCar();
    await visit(`/cars/${id}`, {
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await visit(`/cars/${id}`, { "User-Agent": "facebookexternalhit/1.1" }, "127.0.0.3");
    await visit(`/cars/${id}`, { "Sec-Purpose": "prefetch" }, "127.0.0.4");
    await visit(`/cars/${id}.data`, { Purpose: "prefetch" }, "127.0.0.5");
    await visit(`/cars/${id}`, { "Sec-Purpose": "prefetch;prerender" }, "127.0.0.6");
    await visit(`/cars/${id}`, {}, "127.0.0.7", "HEAD");
    await visit(`/cars/${id}`, { "User-Agent": "" }, "127.0.0.8");
    expect(renders).toBeGreaterThan(0);
    expect(await figures(id)).toMatchObject({ views: 0, views_by_source: {} });

    await visit("/cars/999999");
    await settle();
    expect((await interestOf([{ id: 999999, days_in_stock: 0 }], 30))[999999].views).toBe(0);
  });

  it("does not count a browser signed in as staff, but counts one with a stale or forged cookie", async () => {
    const id = await makeCar();
    const { token } = await adminToken("sales1", "sales");
    const cookie = (await sessionCookie()).serialize(token);
    await visit(`/cars/${id}`, { Cookie: await cookie });
    expect((await figures(id)).views).toBe(0);

    await visit(`/cars/${id}`, { Cookie: await (await sessionCookie()).serialize("not-a-session") }, "127.0.0.2");
    await visit(`/cars/${id}`, { Cookie: "__admin_session=forged" }, "127.0.0.3");
    expect((await figures(id)).views).toBe(2);
  });

  it("counts a shared link's views by source, answered from the same cache entry as the plain address", async () => {
    const id = await makeCar();
    renders = 0;
    expect((await visit(`/cars/${id}`)).cache).toBe("MISS");
    const shared = await visit(`/cars/${id}?utm_source=whatsapp`, {}, "127.0.0.2");
    expect(shared.cache).toBe("HIT");
    const copied = await visit(`/cars/${id}?utm_source=copy&utm_medium=social`, {}, "127.0.0.3");
    expect(copied.cache).toBe("HIT");
    // A new value is not a new entry either, and the page kept was rendered without the parameter.
    const strange = await visit(`/cars/${id}?utm_source=${"x".repeat(40)}&photo=1`, {}, "127.0.0.4");
    expect(strange.cache).toBe("MISS");
    expect(strange.body).toContain("?photo=1");
    expect(strange.body).not.toContain("utm_source");
    expect(renders).toBe(2);
    expect((await figures(id)).views_by_source).toEqual({ direct: 1, whatsapp: 1, copy: 1, other: 1 });
  });

  it("counts the same address again the next Lagos day, and keeps no mark of the day before", () => {
    const day1 = new Date("2026-03-01T10:00:00Z");
    expect(countCarView({ carId: 1, address: "10.0.0.1", source: "direct", at: day1 })).toBe(true);
    expect(countCarView({ carId: 1, address: "10.0.0.1", source: "whatsapp", at: day1 })).toBe(false);
    expect(countCarView({ carId: 2, address: "10.0.0.1", source: "direct", at: day1 })).toBe(true);
    // 23:30 UTC is already the next day in Lagos (UTC+1).
    const day2 = new Date("2026-03-01T23:30:00Z");
    expect(countCarView({ carId: 1, address: "10.0.0.1", source: "direct", at: day2 })).toBe(true);
    expect(countCarView({ carId: 1, address: "10.0.0.1", source: "direct", at: day2 })).toBe(false);
  });
});
