// The Express app as server.ts builds it, against the test's SQLite file, with a small Remix
// build of resource routes: the JSON request log, the request id, a server error logged once,
// and /metrics counting by route pattern, reading the page cache and the leads registry.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "~/entry.server";
import { edge } from "~/lib/edge";
import { parseEnv } from "../app/config/env.server";
import { createLogger } from "../app/config/logger.server";
import { getSqlite } from "../db/database.server";
import { createApp } from "./app";

const route = (id: string, path: string, module: Record<string, unknown>) => ({
  id,
  parentId: "root",
  path,
  module,
});

/** The least a Remix build needs to answer resource routes (no document rendering). */
const build = {
  mode: "production",
  entry: {
    module: {
      // The document of an address no route answers (the 404 page), without React.
      default: (_request: Request, status: number) => new Response("<p>Page not found</p>", { status }),
      handleError,
    },
  },
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/cars.$id": route("routes/cars.$id", "cars/:id", {
      loader: ({ params }: { params: { id: string } }) => Response.json({ car: params.id }),
      handle: edge({ shared: { query: [] } }),
    }),
    "routes/boom": route("routes/boom", "boom", {
      loader: () => {
        throw new Error("the disk is on fire");
      },
    }),
  },
  assets: { url: "/build/manifest.js", version: "1", entry: { module: "/build/entry.js", imports: [] }, routes: {} },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true },
  isSpaMode: false,
  basename: undefined,
} as unknown as ServerBuild;

const METRICS_TOKEN = "integration-metrics-token";
let written = "";
let base = "";
let close = () => {};

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      written += chunk;
      done();
    },
  });
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  base = `http://127.0.0.1:${port}`;
  // The address the test asks for is the site's public origin: the page cache serves only it.
  const config = {
    ...parseEnv({ ...process.env, SITE_URL: base, METRICS_TOKEN }),
    NODE_ENV: "production" as const,
    RATE_LIMITS: "off" as const,
  };
  const logger = createLogger("production", stream);
  const server = createApp({ config, build: () => build, assetsDir: "public/build", logger }).listen(port, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  close = () => server.close();
});

afterAll(() => close());

const lines = () =>
  written
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function linesOf(reqId: string) {
  for (let i = 0; i < 40 && !lines().some((l) => l.reqId === reqId && l.msg === "request"); i++) {
    await new Promise((r) => setTimeout(r, 25));
  }
  return lines().filter((l) => l.reqId === reqId);
}

describe("the app's log", () => {
  it("writes one JSON line per request, with the id it sends back and the cache's verdict", async () => {
    await fetch(`${base}/cars/12`);
    const res = await fetch(`${base}/cars/12`);
    expect(await res.json()).toEqual({ car: "12" });
    const id = res.headers.get("x-request-id") ?? "";
    expect(await linesOf(id)).toEqual([
      expect.objectContaining({ level: "info", method: "GET", path: "/cars/12", status: 200, cache: "HIT" }),
    ]);
  });

  it("logs a server error once, with its stack and the request id", async () => {
    const res = await fetch(`${base}/boom`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("the disk is on fire");
    const found = await linesOf(res.headers.get("x-request-id") ?? "");
    const errors = found.filter((l) => l.msg === "server error");
    expect(errors).toHaveLength(1);
    expect((errors[0].err as { message: string; stack: string }).stack).toMatch(/the disk is on fire\n\s+at /);
    expect(found.find((l) => l.msg === "request")).toMatchObject({ level: "error", status: 500 });
  });

  it("logs a 404 as its request line only", async () => {
    const res = await fetch(`${base}/nothing/here`);
    expect(res.status).toBe(404);
    const found = await linesOf(res.headers.get("x-request-id") ?? "");
    expect(found.map((l) => [l.msg, l.status, l.err])).toEqual([["request", 404, undefined]]);
  });
});

describe("/metrics", () => {
  it("counts requests by route pattern and reads the cache and the leads registry", async () => {
    getSqlite()
      .prepare(
        "INSERT INTO contact_messages (name, phone, email, message, created_at) VALUES (?, ?, ?, ?, datetime('now'))",
      )
      .run("Ada Obi", "+2348031234567", "ada@example.ng", "Is the Camry still there?");
    getSqlite()
      .prepare(
        `INSERT INTO outbox (created_at, channel, topic, recipient, subject, payload, status, attempts,
           last_error, next_attempt_at, updated_at)
         VALUES (datetime('now'), 'email', 'staff-alert', 'sales@example.ng', 'New booking', '{}', 'failed', 9,
           '550 mailbox unavailable', datetime('now'), datetime('now'))`,
      )
      .run();
    await fetch(`${base}/cars/7`);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/cars\/:id",status="200"\} [3-9]$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/boom",status="500"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).not.toContain('route="/cars/12"');
    expect(text).toMatch(/^page_cache_requests_total\{result="hit"\} 1$/m);
    expect(text).toMatch(/^page_cache_bytes [1-9]\d*$/m);
    expect(text).toMatch(/^leads_created_total\{kind="contact"\} 1$/m);
    expect(text).toMatch(/^outbox_messages\{channel="email",status="failed"\} 1$/m);
    expect(text).toMatch(/^outbox_messages\{channel="webhook",status="queued"\} 0$/m);
    expect(text).toMatch(/^outbox_messages\{channel="whatsapp",status="sent"\} 0$/m);
    expect(text).toMatch(/^sqlite_file_bytes\{file="database"\} [1-9]\d*$/m);
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]\d*$/m);
  });

  it("refuses another address than localhost without the token, 127.0.0.2 included", async () => {
    /** GET /metrics from a socket bound to `from` (the whole 127/8 reaches this server). */
    const scrape = (from: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${base}/metrics`, { localAddress: from, headers }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on("error", reject);
      });
    expect(await scrape("127.0.0.2")).toBe(403);
    expect(await scrape("127.0.0.2", { Authorization: `Bearer ${METRICS_TOKEN}` })).toBe(200);
    expect(await scrape("127.0.0.1")).toBe(200);
  });

  it("refuses a relayed request and a wrong token, and answers the token", async () => {
    const relayed = { "X-Forwarded-For": "203.0.113.9" };
    expect((await fetch(`${base}/metrics`, { headers: relayed })).status).toBe(403);
    const wrong = await fetch(`${base}/metrics`, { headers: { ...relayed, Authorization: "Bearer nope" } });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toBe("Metrics are answered on this machine or with the metrics token.");
    const right = await fetch(`${base}/metrics`, { headers: { ...relayed, Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.status).toBe(200);
  });
});
