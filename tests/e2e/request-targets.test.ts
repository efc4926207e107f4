// The request target and Host as the server judges them, from outside, with raw sockets bound to
// 127.0.0.2 (an anonymous stranger): the path the limits judge is the path Remix routes, bodies
// stay within the budget of the route that answers, and malformed requests get a plain 400.
import { describe, expect, it } from "vitest";
import { bearerToken } from "./back-office";
import { setupE2E } from "./harness";
import { type RawAnswer, rawRequest } from "./raw-http";

// The server as production runs it: the heap capped at 128 MB (npm run serve).
const app = setupE2E();
const STRANGER = "127.0.0.2";
const VISITOR = "127.0.0.3";

const host = () => new URL(app.server.url).host;
const send = (head: string, body: Buffer | string = "", timeoutMs = 30_000): Promise<RawAnswer> =>
  rawRequest(app.server.url, STRANGER, head, body, timeoutMs);
const get = (target: string, hostHeader = host()) =>
  send(`GET ${target} HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close`);

async function alive(): Promise<void> {
  const res = await rawRequest(
    app.server.url,
    VISITOR,
    `GET /healthz HTTP/1.1\r\nHost: ${host()}\r\nConnection: close`,
  );
  expect(res.status).toBe(200);
}

/** The log lines that name this answer's request id. */
function linesOf(log: string, res: RawAnswer | undefined): string[] {
  const id = /\r\nX-Request-Id: (\w+)/i.exec(res?.head ?? "")?.[1];
  expect(id).toBeTruthy();
  return log.split("\n").filter((line) => line.includes(`"${id}"`));
}

/** What the server wrote to its log while `run` ran (after a moment for the last line). */
async function logOf(run: () => Promise<void>): Promise<string> {
  const before = app.server.output().length;
  await run();
  await new Promise((r) => setTimeout(r, 300));
  return app.server.output().slice(before);
}

describe("the path the limits judge is the path Remix routes", () => {
  it("a path with '..', '.', '\\' or an encoded dot is refused with 400, never answered as another page", async () => {
    for (const target of [
      "/admin/edit-car/..\\..\\about",
      "/admin/edit-car/%2e%2e/%2E%2e/about",
      "/browse/../about",
      "/./about",
      "/about/.",
      "/about\\",
      "/about#x",
    ]) {
      const res = await get(target);
      expect(res.status, target).toBe(400);
      expect(res.body, target).not.toContain("<html");
    }
    expect((await get("/about")).status).toBe(200);
  });

  it("a 6 MB form posted to /connect through an upload route's path is refused at once; the server lives", async () => {
    // Three million empty fields: parsed whole, they fill a 128 MB heap many times over.
    const body = Buffer.from("a&".repeat(3 * 1024 * 1024));
    const res = await send(
      `POST /admin/edit-car/..\\..\\connect HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}`,
      body,
    );
    expect(res.status).toBe(400);
    await alive();
    // The same body sent to /connect itself meets /connect's own budget.
    const direct = await send(
      `POST /connect HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}`,
      body,
    );
    expect(direct.status).toBe(413);
    await alive();
  });
});

describe("upload routes take their large budget for multipart only", () => {
  it("a 12 MB JSON body to PUT /api/cars/{id} is refused with 413 before it is sent", async () => {
    const [car] = app.rows<{ id: number }>("select id from cars order by id limit 1");
    const token = await bearerToken(app);
    // Only the head is sent: the answer must not wait for the body.
    const res = await send(
      `PUT /api/cars/${car.id} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${12 * 1024 * 1024}`,
      "",
      5_000,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: "The request is too large." });
  });

  it("a chunked 12 MB JSON body is cut off at the form budget", async () => {
    const [car] = app.rows<{ id: number }>("select id from cars order by id limit 1");
    const token = await bearerToken(app);
    const piece = Buffer.alloc(64 * 1024, "a");
    const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
    const body = Buffer.concat([Buffer.from('4\r\n{"a"\r\n'), ...Array.from({ length: 192 }, () => chunk)]);
    const res = await send(
      `PUT /api/cars/${car.id} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked`,
      body,
      10_000,
    );
    expect(res.status).toBe(413);
    await alive();
  });

  it("a body that is neither multipart, JSON nor form-encoded gets 415 before it is sent", async () => {
    const token = await bearerToken(app);
    for (const type of ["text/plain", "application/octet-stream", ""]) {
      const res = await send(
        `POST /api/cars HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\nAuthorization: Bearer ${token}\r\n` +
          `${type ? `Content-Type: ${type}\r\n` : ""}Content-Length: ${5 * 1024 * 1024}`,
        "",
        5_000,
      );
      expect(res.status, type).toBe(415);
      expect(JSON.parse(res.body).error, type).toMatch(/multipart\/form-data/);
    }
  });

  it("a small JSON edit to PUT /api/cars/{id} is still saved", async () => {
    const [row] = app.rows<{ id: number }>("select id from cars where sold = 0 order by id limit 1");
    const car = await (await fetch(app.url(`/api/cars/${row.id}`))).json();
    const fields: Record<string, unknown> = {};
    for (const name of [
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
      fields[name] = car[name];
    }
    fields.price = car.price + 1000;
    fields.existingImages = JSON.stringify(car.images);
    const res = await fetch(app.url(`/api/cars/${row.id}`), {
      method: "PUT",
      headers: { authorization: `Bearer ${await bearerToken(app)}`, "content-type": "application/json" },
      body: JSON.stringify(fields),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).car.price).toBe(car.price + 1000);
  });
});

describe("malformed requests get 400 and one log line; an absolute-form target is answered as its path", () => {
  const port = () => new URL(app.server.url).port;

  it.each([
    ["GET * with a port in Host", "*", () => host()],
    ["a Host with a space", "/about", () => "a b"],
    ["an unclosed IPv6 Host", "/about", () => "[::1"],
    ["a port out of range", "/about", () => "x:99999"],
    ["a Host with userinfo", "/about", () => "user@127.0.0.1"],
    ["an absolute-form target with another scheme", "ftp://127.0.0.1/about", () => host()],
  ])("%s", async (_name, target, hostHeader) => {
    let res: RawAnswer | undefined;
    const log = await logOf(async () => {
      res = await get(target, hostHeader());
    });
    expect(res?.status).toBe(400);
    expect(log).not.toMatch(/\n\s+at /);
    const lines = linesOf(log, res);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ status: 400 });
    await alive();
  });

  it("OPTIONS * asks about the server as a whole: answered with Allow, never a 500", async () => {
    let res: RawAnswer | undefined;
    const log = await logOf(async () => {
      res = await send(`OPTIONS * HTTP/1.1\r\nHost: ${host()}\r\nConnection: close`);
    });
    expect(res?.status).toBe(204);
    expect(res?.head).toMatch(/\r\nAllow: GET, HEAD, POST/i);
    expect(log).not.toMatch(/\n\s+at /);
    expect(linesOf(log, res)).toHaveLength(1);
    const bad = await send(`OPTIONS * HTTP/1.1\r\nHost: x:99999\r\nConnection: close`);
    expect(bad.status).toBe(400);
  });

  it("GET http://host/about HTTP/1.1 is answered as /about", async () => {
    const about = await get("/about");
    for (const target of [`http://${host()}/about`, `HTTP://127.0.0.1:${port()}/about?x=1`]) {
      let res: RawAnswer | undefined;
      const log = await logOf(async () => {
        res = await get(target);
      });
      expect(res?.status, target).toBe(200);
      expect(res?.body.length, target).toBeGreaterThan(0);
      expect(res?.body).toContain("<title>");
      expect(log).not.toMatch(/\n\s+at /);
      const lines = linesOf(log, res);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ path: "/about", status: 200 });
    }
    expect(about.status).toBe(200);
    // The target's own path rules still apply, and its host is the one judged.
    expect((await get(`http://${host()}/browse/../about`)).status).toBe(400);
    expect((await get("http://a b/about")).status).toBe(400);
    expect((await get(`http://${host()}`)).status).toBe(200);
  });
});

describe("what the fuzz test found", () => {
  it("a cross-site post through Remix's data protocol or to an unknown /api path gets 403, never 500", async () => {
    for (const [method, target] of [
      ["POST", "/api/contact.data"],
      ["HEAD", "/api/cars/all.data"],
      ["POST", "/api/nope"],
      ["DELETE", "/api/newsletter;x"],
    ]) {
      const res = await send(
        `${method} ${target} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\nOrigin: http://evil.example\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 3",
        "a=1",
      );
      expect(res.status, `${method} ${target}`).toBe(403);
    }
  });

  it("a page action gets a form: another body type is a 415, no body an empty form", async () => {
    const cookie = await app.adminCookie();
    const json = await send(
      `POST /admin/outbox HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\nCookie: ${cookie}\r\n` +
        "Content-Type: application/json\r\nContent-Length: 2",
      "{}",
    );
    expect(json.status).toBe(415);
    expect(json.body).toMatch(/form-encoded/);
    const empty = await send(
      `POST /admin/outbox HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\nCookie: ${cookie}`,
    );
    expect(empty.status).toBeGreaterThanOrEqual(200);
    expect(empty.status).toBeLessThan(500);
  });

  it("a chunked body with a broken chunk is a client's mistake: no server error in the log", async () => {
    const log = await logOf(async () => {
      const res = await send(
        `POST /connect HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked",
        "4\r\nname\r\nzz\r\n",
      );
      expect(res.status).toBe(400);
    });
    expect(log).not.toMatch(/"level":"error"/);
    await alive();
  });
});
