// What an operator sees of the built server, started with `node build/server.js` as production
// runs it (tests/e2e/serve.test.ts starts it through `npm run serve` itself): one JSON log line per
// request, /metrics for this machine or the token, /healthz, and a server error logged once with
// the id its error page shows.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, screenshot, setupE2E } from "./harness";

const METRICS_TOKEN = "e2e-metrics-token-0123456789";
const app = setupE2E({ browser: true, server: { env: { METRICS_TOKEN } } });

interface LogLine {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  cache?: string;
  ip?: string;
  err?: { message: string; stack: string };
}

/** Every line the server wrote, parsed; a line that is not JSON fails the test. */
function logLines(): LogLine[] {
  return app.server
    .output()
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        throw new Error(`Not a JSON log line: ${l}`);
      }
    });
}

/** The lines about one request, once its line has been written (the answer is sent first). */
async function linesOf(reqId: string): Promise<LogLine[]> {
  for (let i = 0; i < 40 && !logLines().some((l) => l.reqId === reqId && l.msg === "request"); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return logLines().filter((l) => l.reqId === reqId);
}

async function metrics(headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(app.url("/metrics"), { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  return res.text();
}

/** The value of one series in Prometheus text, e.g. value(text, 'leads_created_total{kind="contact"}'). */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Runs statements on the server's database through a second connection (the server keeps running). */
function write(sql: string) {
  const db = new Database(app.server.dbPath);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

describe("the built server", () => {
  it("logs one JSON line per request: time, id, method, path without the query, status, ms, cache, ip", async () => {
    await fetch(app.url("/browse?make=Toyota&q=08031234567")); // fill the cache
    const res = await fetch(app.url("/browse?make=Toyota&q=08031234567"));
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    const lines = await linesOf(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/browse",
      status: 200,
      cache: "HIT",
      ip: "127.0.0.1",
    });
    expect(Date.parse(lines[0].time)).toBeGreaterThan(Date.now() - 60_000);
    expect(lines[0].ms).toBeGreaterThanOrEqual(0);
    expect(app.server.output()).not.toContain("08031234567");
  });

  it("logs a client's mistake as its request line only, without a stack", async () => {
    const missing = await fetch(app.url("/no-such-page"));
    const bad = await fetch(app.url("/api/contact"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(missing.status).toBe(404);
    expect(bad.status).toBe(400);
    for (const res of [missing, bad]) {
      const lines = await linesOf(res.headers.get("x-request-id") ?? "");
      expect(lines.map((l) => [l.msg, l.status, l.err])).toEqual([["request", res.status, undefined]]);
    }
    expect(app.server.output()).not.toMatch(/\n\s+at /);
  });

  it("answers /metrics here: requests by route pattern, the page cache, leads by kind, SQLite, memory", async () => {
    const [car] = await (await fetch(app.url("/api/cars/recent"))).json();
    const carPage = await fetch(app.url(`/cars/${car.id}`), { redirect: "follow" });
    expect(carPage.status).toBe(200);
    const before = value(await metrics(), 'leads_created_total{kind="contact"}') ?? 0;
    write(
      "INSERT INTO contact_messages (name, phone, email, message, created_at) " +
        "VALUES ('Ada Obi', '+2348031234567', 'ada@example.ng', 'Is the Camry still there?', datetime('now'))",
    );
    const text = await metrics();
    expect(value(text, 'leads_created_total{kind="contact"}')).toBe(before + 1);
    const series = text.split("\n").filter((l) => l.startsWith("http_requests_total{"));
    expect(series.some((l) => l.includes('route="/browse"') && l.includes('status="200"'))).toBe(true);
    expect(series.some((l) => /route="\/cars\/:[a-z]+"/.test(l))).toBe(true);
    expect(series.some((l) => l.includes(`/cars/${car.id}`) || l.includes("Toyota"))).toBe(false);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/browse"\} \d+/m);
    expect(value(text, 'page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'page_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, "page_cache_bytes")).toBeGreaterThan(1000);
    expect(value(text, 'sqlite_file_bytes{file="database"}')).toBeGreaterThan(100_000);
    expect(value(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
  });

  it("refuses /metrics relayed by a proxy or with a wrong token, and answers the right token", async () => {
    const relayed = await fetch(app.url("/metrics"), { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(relayed.status).toBe(403);
    expect(await relayed.text()).not.toContain("http_requests_total");
    const wrong = await fetch(app.url("/metrics"), {
      headers: { "X-Forwarded-For": "203.0.113.9", Authorization: "Bearer not-the-token" },
    });
    expect(wrong.status).toBe(403);
    const text = await metrics({ "X-Forwarded-For": "203.0.113.9", Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(text).toContain("http_requests_total");
  });

  it("logs a server error once with its stack and id, shows the id on the error page; /healthz says 503", async () => {
    const healthy = await fetch(app.url("/healthz"));
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toMatchObject({ ok: true, writable: true, problems: [] });

    write("ALTER TABLE cars RENAME TO cars_elsewhere");
    try {
      const res = await fetch(app.url("/browse?make=Honda&page=2"));
      expect(res.status).toBe(500);
      const id = res.headers.get("x-request-id") ?? "";
      const html = await res.text();
      expect(html).toContain(`data-request-id="${id}"`);
      expect(html).not.toMatch(/no such table|\bat .*\.js:\d+/);
      const lines = await linesOf(id);
      const errors = lines.filter((l) => l.msg === "server error");
      expect(errors).toHaveLength(1);
      expect(errors[0].level).toBe("error");
      expect(errors[0].err?.message).toContain("no such table: cars");
      expect(errors[0].err?.stack).toMatch(/\n\s+at /);
      expect(lines.find((l) => l.msg === "request")).toMatchObject({ status: 500, level: "error" });
      expect(lines.find((l) => l.msg === "request")?.err).toBeUndefined();

      for (const [viewport, name] of [
        [PHONE, "390"],
        [DESKTOP, "1280"],
      ] as const) {
        const page = await app.open("/browse?make=Honda&page=3", { js: true, viewport });
        const reference = page.locator("[data-request-id]");
        await expect(reference.textContent()).resolves.toMatch(/^[0-9a-f]{12}$/);
        await screenshot(page, `operations-error-page-${name}`);
      }

      const sick = await fetch(app.url("/healthz"));
      expect(sick.status).toBe(503);
      expect(await sick.json()).toMatchObject({ ok: false, cars: null, problems: ["Database unavailable"] });
    } finally {
      write("ALTER TABLE cars_elsewhere RENAME TO cars");
    }
    expect((await fetch(app.url("/healthz"))).status).toBe(200);
  });
});
