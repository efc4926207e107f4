// What one visitor sends never reaches another: the page cache, from outside, with a client bound
// to 127.0.0.2 as the attacker and one bound to 127.0.0.3 as everyone else.
import fs from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { serverPidFile } from "../../server/pid-file";
import { setupE2E } from "./harness";

// A small young generation (V8 grows it up to 48 MB under load on its own), so RSS shows what the
// server keeps rather than how V8 sized its nursery.
const app = setupE2E({ server: { env: { PAGE_CACHE_MB: "8", NODE_OPTIONS: "--max-semi-space-size=2" } } });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request (no header rewriting, no decoding) from a given loopback address. */
function send(
  from: string,
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(app.server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method, localAddress: from, headers, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("latin1");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const ATTACKER = "127.0.0.2";
const VISITOR = "127.0.0.3";
const sharedAnswer = (a: Answer) => a.headers["x-cache"] === "HIT" || a.headers["x-cache"] === "MISS";

describe("a cookie the site reads, however it is spelled, never reaches the shared page", () => {
  it("a subscriber's list never becomes everyone's home page", async () => {
    const marker = `scam-${Date.now()}@evil.example`;
    const form = new URLSearchParams({
      intent: "newsletter",
      name: "CALL 0800-FAKE-LOAN",
      email: marker,
      ...(await app.botGuardFields("/")),
    });
    const posted = await send(ATTACKER, "/?index", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    const value = String(posted.headers["set-cookie"]?.[0] ?? "")
      .split(";")[0]
      .replace(/^newsletter=/, "");
    expect(value.length).toBeGreaterThan(10);
    for (const cookie of [
      `x=newsletter=; newsletter =${value}`,
      `\tnewsletter\t=${value}`,
      `newsletter=${value}; newsletter=${value}`,
      `news%6Cetter=${value}`,
      `Newsletter=${value}`,
    ]) {
      for (let i = 0; i < 3; i++) {
        const attack = await send(ATTACKER, "/", { headers: { cookie, "accept-encoding": "gzip" } });
        expect(sharedAnswer(attack), cookie).toBe(false);
        expect(attack.headers["cache-control"]).toBe("private, no-store");
      }
      for (const encoding of ["br", "gzip", "identity"]) {
        const seen = await send(VISITOR, "/", { headers: { "accept-encoding": encoding } });
        expect(sharedAnswer(seen)).toBe(true);
        if (encoding === "identity") expect(seen.body).not.toContain(marker);
      }
    }
  });

  it("an attacker's saved list never becomes another visitor's /about", async () => {
    const [a, b] = app.rows<{ id: number }>("select id from cars where sold = 0 order by id limit 2");
    // The value as the site's cookie writes it (base64 JSON), under a name with a space before '='.
    const value = encodeURIComponent(Buffer.from(JSON.stringify(`${a.id},${b.id}`)).toString("base64"));
    const attack = await send(ATTACKER, "/about", { headers: { cookie: `saved_cars =${value}` } });
    expect(sharedAnswer(attack)).toBe(false);
    const seen = await send(VISITOR, "/about");
    expect(sharedAnswer(seen)).toBe(true);
    expect(seen.body).not.toBe(attack.body);
    expect((await send(VISITOR, "/about")).body).toBe(seen.body);
  });
});

describe("what the cache keeps", () => {
  it("stores no junk query, no URL over 2 KB: 5,000 junk URLs grow RSS by < PAGE_CACHE_MB + 30 MB", async () => {
    const pid = Number(fs.readFileSync(serverPidFile(app.server.dbPath), "utf8"));
    const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) * 1024;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const url = new URL(app.server.url);
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: url.hostname, port: url.port, path, agent, headers }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          })
          .on("error", reject);
      });
    const burst = async (tag: string) => {
      let sent = 0;
      const worker = async () => {
        while (sent < 5000) {
          const n = sent++;
          expect(await get(`/robots.txt?${tag}${n}=${n % 2 ? pad : n}`)).toBe(200);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
    };
    const pad = "k".repeat(15_000);
    // The heap settles first under the same load (15 KB strings per request), in a header this time,
    // so nothing of it can be kept as a cache key.
    let warm = 0;
    const warmer = async () => {
      while (warm++ < 5000) expect(await get("/robots.txt", { "x-pad": pad })).toBe(200);
    };
    await Promise.all(Array.from({ length: 16 }, warmer));
    const before = rss();
    await burst("k");
    agent.destroy();
    const grown = (rss() - before) / 1024 / 1024;
    expect(grown).toBeLessThan(8 + 30);
    await send(VISITOR, "/robots.txt?junk=x");
    expect(sharedAnswer(await send(VISITOR, "/robots.txt?junk=x"))).toBe(false);
    // A shared link's tracking parameter is left out of the key: the plain address's entry answers.
    await send(VISITOR, "/robots.txt");
    expect(sharedAnswer(await send(VISITOR, "/robots.txt?utm_source=x"))).toBe(true);
  }, 240_000);

  it("gives each encoding its own ETag, and 304 only for the copy the client holds", async () => {
    const tags: Record<string, string> = {};
    for (const encoding of ["br", "gzip", "identity"]) {
      await send(VISITOR, "/browse", { headers: { "accept-encoding": encoding } });
      const res = await send(VISITOR, "/browse", { headers: { "accept-encoding": encoding } });
      expect(res.headers["x-cache"]).toBe("HIT");
      tags[encoding] = String(res.headers.etag);
    }
    expect(new Set(Object.values(tags)).size).toBe(3);
    const same = await send(VISITOR, "/browse", { headers: { "accept-encoding": "br", "if-none-match": tags.br } });
    expect(same.status).toBe(304);
    const other = await send(VISITOR, "/browse", { headers: { "accept-encoding": "gzip", "if-none-match": tags.br } });
    expect(other.status).toBe(200);
    expect(other.headers["content-encoding"]).toBe("gzip");
  });

  it("makes absolute URLs from SITE_URL; another Host is answered but never stored", async () => {
    for (let i = 0; i < 2; i++) {
      const robots = await send(ATTACKER, "/robots.txt", { headers: { host: "evil.example" } });
      expect(robots.status).toBe(200);
      expect(robots.body).toContain(`Sitemap: ${app.server.url}/sitemap.xml`);
      expect(sharedAnswer(robots)).toBe(false);
      const sitemap = await send(ATTACKER, "/sitemap.xml", { headers: { host: "evil.example" } });
      expect(sitemap.body).not.toContain("evil.example");
      expect(sharedAnswer(sitemap)).toBe(false);
    }
    const [car] = app.rows<{ id: number }>("select id from cars where sold = 0 limit 1");
    const page = await send(ATTACKER, `/cars/${car.id}`, { headers: { host: "evil.example" } });
    const html =
      page.status === 301
        ? (await send(ATTACKER, String(page.headers.location), { headers: { host: "evil.example" } })).body
        : page.body;
    expect(html).toContain(`${app.server.url}/cars/`);
    expect(html).not.toContain("evil.example");
  });
});

describe("requests that are a client's mistake or a trick", () => {
  it("an unknown method gets 405 with Allow, never 500", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const res = await send(VISITOR, "/", { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toMatch(/GET/);
    }
  });

  it("?_data never reaches Remix and never writes a stack trace to the log", async () => {
    const before = app.server.output().length;
    for (const path of ["/about?_data=x", "/about?_data=root", "/browse?_data=routes%2Fbrowse&q=a"]) {
      const res = await send(VISITOR, path);
      expect(res.status, path).toBeLessThan(500);
    }
    await new Promise((r) => setTimeout(r, 300));
    const log = app.server.output().slice(before);
    expect(log).not.toMatch(/\n\s+at /);
    expect(log).not.toMatch(/Error/);
  });

  it("the newsletter API answers a new and a known address alike", async () => {
    const email = `same-${Date.now()}@example.com`;
    const post = () =>
      send(VISITOR, "/api/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Ada", email }),
      });
    const first = await post();
    const again = await post();
    expect(first.status).toBe(again.status);
    expect(first.body).toBe(again.body);
    expect(app.rows("select * from newsletter_subscriptions where email = ?", email)).toHaveLength(1);
  });

  it("/go/whatsapp counts only a top-level navigation, and still redirects every GET", async () => {
    const [car] = app.rows<{ id: number }>("select id from cars where sold = 0 limit 1");
    const count = () => app.rows<{ n: number }>("select count(*) as n from whatsapp_clicks")[0].n;
    const person =
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36";
    const before = count();
    for (const fetchHeaders of [
      { "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" },
      { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" },
      { "sec-fetch-dest": "iframe", "sec-fetch-mode": "navigate" },
    ]) {
      const res = await send(VISITOR, `/go/whatsapp?car=${car.id}`, {
        headers: { "user-agent": person, ...fetchHeaders },
      });
      expect(res.status).toBe(302);
    }
    expect(count()).toBe(before);
    const clicked = await send(VISITOR, `/go/whatsapp?car=${car.id}`, {
      headers: { "user-agent": person, "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" },
    });
    expect(clicked.status).toBe(302);
    const old = await send(VISITOR, `/go/whatsapp?car=${car.id}`, { headers: { "user-agent": person } });
    expect(old.status).toBe(302);
    expect(count()).toBe(before + 2);
  });
});
