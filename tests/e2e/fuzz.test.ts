// A bounded fuzz of the HTTP edge, loopback only: malformed targets, headers and bodies sent on raw
// sockets to every route of the production build (read from the build itself, so a new route is
// fuzzed too), anonymous and signed in. No answer may be a 5xx, nothing may write a stack trace or
// an error line to the log, and the server must answer /healthz afterwards. The cases come from a
// seeded generator (FUZZ_SEED picks another run; the seed is printed on failure), bounded in
// count (FUZZ_CASES) and in time (the test stops sending after FUZZ_SECONDS).
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { bearerToken } from "./back-office";
import { setupE2E } from "./harness";
import { type RawAnswer, rawRequest } from "./raw-http";

const app = setupE2E();
const SEED = Number(process.env.FUZZ_SEED ?? 24);
const CASES = Number(process.env.FUZZ_CASES ?? 1500);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 40);
const PARALLEL = 6;
const FROM = "127.0.0.2";

let build: ServerBuild;
beforeAll(async () => {
  build = await import(pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "index.js")).href);
});

/** Every route's path with sample parameters ("/cars/1", "/admin/leads/inspection/1", "/admin/x"). */
function routePaths(routes: ServerBuild["routes"]): string[] {
  const full = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const own = route.path ?? "";
    const parent = route.parentId ? full(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    const p = `/${full(id)}`
      .replace(/:kind/g, "inspection")
      .replace(/:[A-Za-z]+/g, "1")
      .replace(/\*/g, "x")
      .replace(/\/+$/, "");
    paths.add(p || "/");
  }
  return [...paths].sort();
}

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    bytes: (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256))),
  };
}

const METHODS = ["GET", "GET", "HEAD", "POST", "POST", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Ways to bend a route's path into a target: traversal, encodings, absolute form, junk queries. */
const TARGETS: ((p: string) => string)[] = [
  (p) => p,
  (p) => p,
  (p) => `${p}/..`,
  (p) => `${p}/%2e%2e/admin`,
  (p) => `/admin/edit-car/..\\..${p}`,
  (p) => p.replace(/\//g, "\\"),
  (p) => `/${p}`,
  (p) => `${p}%`,
  (p) => `${p}%00`,
  (p) => `${p}%C0%AE%C0%AE/`,
  (p) => `${p}/\u00e9\u00ff`,
  (p) => `${p}.data`,
  (p) => `${p}?_data=routes%2Froot`,
  (p) => `${p}?index`,
  (p) => `${p}?%ZZ=%&=&&a[]=1&a[b]=2`,
  (p) => `${p}?page=-1&limit=99999999999&sort=;drop&q=%F0%9F%98%80%80`,
  (p) => `${p}?q=${"x".repeat(6000)}`,
  (p) => `${p}#frag`,
  (p) => `${p};jsessionid=1`,
  (p) => `http://127.0.0.1${p}`,
  (p) => `https://evil.example${p}?a=1`,
  (p) => `ftp://127.0.0.1${p}`,
  () => "*",
  () => "about",
];

/** Header lines to add (the Host line is chosen apart). */
const HEADERS: ((g: ReturnType<typeof generator>) => string[])[] = [
  () => [],
  () => ["Cookie: __admin_session=abc.def; saved_cars=%%%; newsletter=%E0%A4%A"],
  () => [`Cookie: newsletter=${"n".repeat(4000)}; saved_cars=${Buffer.from('"1,2,x"').toString("base64")}`],
  () => ["Authorization: Bearer not-a-token"],
  () => [`Authorization: Basic ${"#".repeat(200)}`],
  () => ["Origin: null"],
  () => ["Origin: http://evil.example"],
  () => ["Origin: %%%"],
  () => ["Accept-Encoding: br;q=abc, gzip;q=-1, *;q=0"],
  () => ["Range: bytes=5-1", "If-None-Match: *", "If-Modified-Since: yesterday"],
  () => ["X-Forwarded-For: garbage, 999.1.1.1", "X-Forwarded-Host: a b", "X-Forwarded-Proto: gopher"],
  () => ["Accept: */*;q=x", "Accept-Language: ;;;"],
  () => ["Sec-Fetch-Dest: document", "Sec-Fetch-Mode: navigate", "User-Agent: "],
  (g) => [
    `X-Junk: ${g
      .bytes(64)
      .toString("latin1")
      .replace(/[\r\n\0]/g, "")}`,
  ],
];

const HOSTS: ((real: string) => string)[] = [
  (h) => h,
  (h) => h,
  (h) => h,
  () => "evil.example",
  () => "a b",
  () => "[::1",
  () => "x:99999",
  () => "user@127.0.0.1",
  () => "h".repeat(300),
  () => "",
];

const TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "multipart/form-data",
  "text/plain",
  "application/json; charset=utf-99",
  ";;;",
  "",
];

/** Bodies: empty, random bytes, broken JSON, deep nesting, junk forms, broken multipart. */
const BODIES: ((g: ReturnType<typeof generator>) => Buffer)[] = [
  () => Buffer.alloc(0),
  (g) => g.bytes(Math.floor(g.next() * 2048)),
  () => Buffer.from('{"name":'),
  () => Buffer.from("[]"),
  () => Buffer.from('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"price":"1e400"}'),
  () => Buffer.from(`${"[".repeat(20_000)}${"]".repeat(20_000)}`),
  () => Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])))),
  () => Buffer.from("a=%&b=%zz&&&=&name=\u0000&email=%00@x&phone=++++"),
  () => Buffer.from("a&".repeat(20_000)),
  () =>
    Buffer.from(
      '--fuzz\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n' +
        'not a jpeg\r\n--fuzz\r\nContent-Disposition: form-data; name="make"\r\n\r\nToyota\r\n--fuzz--\r\n',
    ),
  () =>
    Buffer.from('--fuzz\r\nContent-Disposition: form-data; name="file"; filename="x.csv"\r\n\r\nstock_number,make\r\n'),
  () => Buffer.from("--fuzz\r\n\r\n\r\n--other--"),
  () => Buffer.alloc(100 * 1024, "z"),
];

interface Sent {
  description: string;
  answer: RawAnswer;
}

describe("fuzzing every route", () => {
  it("never answers 5xx, never logs a stack or an error, and the server lives", async () => {
    const paths = routePaths(build.routes);
    expect(paths.length).toBeGreaterThan(40);
    const realHost = new URL(app.server.url).host;
    const cookie = await app.adminCookie();
    const token = await bearerToken(app);
    const g = generator(SEED);
    const logStart = app.server.output().length;

    // Every route once as it is (GET), then the seeded cases, round-robin over the routes.
    const cases: { head: string; body: Buffer; description: string }[] = paths.map((p) => ({
      head: `GET ${p} HTTP/1.1\r\nHost: ${realHost}\r\nConnection: close`,
      body: Buffer.alloc(0),
      description: `GET ${p}`,
    }));
    for (let i = 0; cases.length < CASES; i++) {
      const p = paths[i % paths.length];
      const method = g.pick(METHODS);
      const target = g.pick(TARGETS)(p);
      const host = g.pick(HOSTS)(realHost);
      const type = g.pick(TYPES);
      const body = method === "GET" || method === "HEAD" ? Buffer.alloc(0) : g.pick(BODIES)(g);
      const lines = [`${method} ${target} HTTP/1.1`, ...(host ? [`Host: ${host}`] : []), "Connection: close"];
      lines.push(...g.pick(HEADERS)(g));
      const who = g.next();
      if (who < 0.2) lines.push(`Cookie: ${cookie}`);
      else if (who < 0.35) lines.push(`Authorization: Bearer ${token}`);
      if (type && body.length) lines.push(`Content-Type: ${type}`);
      let payload = body;
      if (body.length && g.next() < 0.25) {
        // Chunked framing, now and then with a broken chunk size.
        const size = g.next() < 0.2 ? "zz" : body.length.toString(16);
        lines.push("Transfer-Encoding: chunked");
        payload = Buffer.concat([Buffer.from(`${size}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]);
      } else if (body.length) {
        lines.push(`Content-Length: ${body.length}`);
      }
      const shown = JSON.stringify(lines.slice(1).join(" | ").slice(0, 300));
      const description = `${lines[0]} ${shown} body ${payload.length} B (case ${i}, seed ${SEED})`;
      cases.push({ head: lines.join("\r\n"), body: payload, description });
    }

    const deadline = Date.now() + SECONDS * 1000;
    const sent: Sent[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length && Date.now() < deadline) {
        const c = cases[next++];
        sent.push({
          description: c.description,
          answer: await rawRequest(app.server.url, FROM, c.head, c.body, 10_000),
        });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));

    expect(sent.length).toBeGreaterThan(Math.min(CASES, 300));
    const failures = sent
      .filter((s) => s.answer.status >= 500)
      .map((s) => `${s.answer.status} ${s.description} ${/X-Request-Id: (\w+)/i.exec(s.answer.head)?.[1]}`);
    if (failures.length) console.log(app.server.output().slice(logStart));
    expect(failures).toEqual([]);
    // Every request was answered (a connection closed without a status line would be a crash or a hang).
    const unanswered = sent.filter((s) => s.answer.status === 0).map((s) => s.description);
    expect(unanswered).toEqual([]);

    const health = await rawRequest(
      app.server.url,
      "127.0.0.3",
      `GET /healthz HTTP/1.1\r\nHost: ${realHost}\r\nConnection: close`,
    );
    expect(health.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const log = app.server.output().slice(logStart);
    expect(log).not.toMatch(/\n\s+at /);
    expect(log.split("\n").filter((line) => /"level":"(error|fatal)"/.test(line))).toEqual([]);
  }, 90_000);
});
