// `npm run serve`, exactly as package.json writes it and an operator types it: the compiled server
// (build/server.js) run by plain `node`, no TypeScript at run time, on a fresh database. It
// answers /healthz and pages, and stops cleanly on SIGTERM.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/bench/server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-serve-"));
let npm: ChildProcess;
let output = "";
let url = "";

/** The process `npm run serve` started to run server.js with this test's database (not npm, not its shell). */
function serverProcess(): { pid: number; exe: string; argv: string[] } | undefined {
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      const env = fs.readFileSync(`/proc/${pid}/environ`, "utf8");
      const exe = fs.readlinkSync(`/proc/${pid}/exe`);
      if (argv.at(-1)?.endsWith("server.js") && env.includes(`DATABASE_PATH=${dir}/`) && !/\/(ba|da)?sh$/.test(exe)) {
        return { pid: Number(pid), exe, argv };
      }
    } catch {
      /* gone, or not ours to read */
    }
  }
  return undefined;
}

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  npm = spawn("npm", ["run", "serve"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: path.join(dir, "db.sqlite"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      SEED_DEMO: "0",
      ADMIN_PASSWORD: "serve-test-password",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  npm.stdout?.on("data", (d) => (output += d));
  npm.stderr?.on("data", (d) => (output += d));
  for (let i = 0; ; i++) {
    if (npm.exitCode !== null) throw new Error(`npm run serve exited:\n${output}`);
    if (i > 600) throw new Error(`npm run serve did not answer /healthz in 60 s:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(() => {
  const server = serverProcess();
  if (server) process.kill(server.pid, "SIGKILL");
  npm.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run serve", () => {
  it("runs the compiled server with plain node and the memory settings, no TypeScript loader", () => {
    const server = serverProcess();
    expect(server).toBeDefined();
    expect(path.basename(server?.exe ?? "")).toBe("node");
    const args = server?.argv.slice(1) ?? [];
    expect(args.at(-1)).toMatch(/(^|\/)server\.js$/);
    expect(args).toContain("--max-old-space-size=128");
    expect(args.join(" ")).not.toMatch(/tsx|--import|--require|--loader|\.ts\b/);
  });

  it("serves the health check, pages and their built assets in production mode", async () => {
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toMatchObject({ ok: true, cars: 0, writable: true });
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("</html>");
    const script = /"(\/build\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
    expect(script).not.toBe("");
    const asset = await fetch(url + script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect(output).toMatch(/"msg":"Dealership site ready on http:\/\/localhost:\d+ \(production\)"/);
  });

  it("stops on SIGTERM: connections and the database closed, exit code 0", async () => {
    const server = serverProcess();
    expect(server).toBeDefined();
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    process.kill(server?.pid ?? 0, "SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM received: closing connections and the database.");
    expect(fs.existsSync(path.join(dir, "db.sqlite.server.pid"))).toBe(false);
  });
});
