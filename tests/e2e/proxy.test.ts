// The VPS recipe's proxy for real: Caddy run with deploy/Caddyfile (its site address and upstream
// port swapped for test ones, plain http) in front of the built server with TRUST_PROXY=loopback.
// A visitor bound to 127.0.0.2 must be logged as 127.0.0.2, not as the proxy, whatever
// X-Forwarded-For it sends; /metrics must not be published through the proxy.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupE2E } from "./harness";

const app = setupE2E({ server: { env: { TRUST_PROXY: "loopback" } } });

let caddy: ChildProcess | undefined;
let proxyPort = 0;
let caddyLog = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** A GET through the proxy from a given loopback address. */
function getFrom(
  localAddress: string,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: proxyPort, path: urlPath, localAddress, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The server's log line for a request id (written once the answer is finished). */
async function logLine(reqId: string): Promise<Record<string, unknown> | undefined> {
  for (let i = 0; i < 40; i++) {
    const line = app.server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l))
      .find((l) => l.reqId === reqId && l.msg === "request");
    if (line) return line;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

beforeAll(async () => {
  proxyPort = await freePort();
  const upstream = new URL(app.server.url).port;
  const recipe = fs.readFileSync("deploy/Caddyfile", "utf8");
  const config = `{\n\tadmin off\n}\n${recipe
    .replace(/^lekkiprimeautos\.ng.*\{$/m, `http://127.0.0.1:${proxyPort} {`)
    .replace("reverse_proxy 127.0.0.1:3000", `reverse_proxy 127.0.0.1:${upstream}`)}`;
  expect(config).toContain(`reverse_proxy 127.0.0.1:${upstream}`);
  const file = path.join(app.server.dir, "Caddyfile");
  fs.writeFileSync(file, config);
  caddy = spawn("caddy", ["run", "--config", file, "--adapter", "caddyfile"], {
    env: { ...process.env, XDG_DATA_HOME: app.server.dir, XDG_CONFIG_HOME: app.server.dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  caddy.stdout?.on("data", (d) => (caddyLog += d));
  caddy.stderr?.on("data", (d) => (caddyLog += d));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`Caddy exited:\n${caddyLog}`);
    try {
      if ((await getFrom("127.0.0.1", "/healthz")).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`Caddy did not answer in 20 s:\n${caddyLog}`);
    await new Promise((r) => setTimeout(r, 150));
  }
});

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((r) => caddy?.once("exit", r));
    caddy.kill("SIGTERM");
    await exited;
  }
});

describe("behind Caddy with TRUST_PROXY=loopback", () => {
  it("logs the visitor's address, not the proxy's, and ignores a forged X-Forwarded-For", async () => {
    const plain = await getFrom("127.0.0.2", "/browse");
    expect(plain.status).toBe(200);
    expect(await logLine(String(plain.headers["x-request-id"]))).toMatchObject({ ip: "127.0.0.2", status: 200 });

    const forged = await getFrom("127.0.0.3", "/browse", { "X-Forwarded-For": "203.0.113.7" });
    expect(forged.status).toBe(200);
    expect(await logLine(String(forged.headers["x-request-id"]))).toMatchObject({ ip: "127.0.0.3" });
  });

  it("does not publish /metrics, which still answers on the machine itself", async () => {
    expect((await getFrom("127.0.0.2", "/metrics")).status).toBe(404);
    expect((await getFrom("127.0.0.1", "/metrics")).status).toBe(404);
    const direct = await fetch(app.url("/metrics"));
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain("http_requests_total");
  });
});
