// Shared by `npm run bench` and `npm run lighthouse`: a temporary folder for the database and
// uploads, an up-to-date production build, and the production server (`server.ts`) as a child
// process on a free loopback port. Everything is removed again at the end, on Ctrl-C or on failure.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const ADMIN_USERNAME = "bench-admin";
export const ADMIN_PASSWORD = "bench-admin-password";

export interface TempDirs {
  dir: string;
  dbPath: string;
  uploadsDir: string;
}

/**
 * The first admin, created from ADMIN_PASSWORD, must choose their own password before using the
 * admin API; the bench measures the site as it runs after that, so it clears the duty.
 */
function ownerChosePassword(dbPath: string): void {
  const db = new Database(dbPath);
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("UPDATE admins SET must_change_password = 0 WHERE username = ?").run(ADMIN_USERNAME);
  } finally {
    db.close();
  }
}

const cleanups: (() => void)[] = [];

/** Registers a synchronous clean-up for the end of the run (also on Ctrl-C and on failure). */
export function onCleanup(fn: () => void): void {
  hookSignals();
  cleanups.push(fn);
}

/** Runs every registered clean-up once (synchronous, so it also works from the `exit` event). */
function cleanupAll(): void {
  while (cleanups.length) {
    try {
      cleanups.pop()?.();
    } catch {
      /* best effort */
    }
  }
}

let signalsHooked = false;
function hookSignals() {
  if (signalsHooked) return;
  signalsHooked = true;
  process.on("exit", cleanupAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the server and removing the temporary files.`);
      cleanupAll();
      process.exit(130);
    });
  }
}

/** A fresh folder under the OS temp dir with a database path and an uploads folder. */
export function makeTempDirs(prefix: string): TempDirs {
  hookSignals();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const uploadsDir = path.join(dir, "uploads");
  fs.mkdirSync(uploadsDir);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { dir, dbPath: path.join(dir, "db.sqlite"), uploadsDir };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

const SOURCE_FILE = /\.(tsx?|jsx?|cjs|mjs|css|json)$/;

/** Newest modification time of `p`, or of the source files below it (not databases, images). */
function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const child = path.join(p, entry.name);
    if (entry.isDirectory() || SOURCE_FILE.test(entry.name)) newest = Math.max(newest, newestMtime(child));
  }
  return newest;
}

/** The compiled server, the app bundle it loads and the browser assets, honouring BUILD_DIR like the server. */
function buildPaths() {
  const dir = process.env.BUILD_DIR;
  return {
    server: path.resolve(ROOT, dir ? `${dir}/server.js` : "build/server.js"),
    index: path.resolve(ROOT, dir ? `${dir}/index.js` : "build/index.js"),
    assets: path.resolve(ROOT, dir ? `${dir}/public` : "public/build"),
  };
}

/**
 * `npm run serve` as package.json writes it: its environment assignments, node's flags (the
 * memory settings) and the compiled server, so the bench and the tests run the server exactly
 * as production does, without an npm process around it.
 */
export function serveCommand(): { env: Record<string, string>; args: string[] } {
  const script: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.serve;
  const [before, after] = script.split(/(?:^|\s)node\s/);
  if (after === undefined) throw new Error(`npm run serve does not run node: ${script}`);
  const env = Object.fromEntries(
    before
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)]),
  );
  const args = after
    .trim()
    .split(/\s+/)
    .map((w) => (w.endsWith("/server.js") ? buildPaths().server : w));
  return { env, args };
}

/** Runs `npm run build` (same BUILD_DIR) when the build is missing or older than its sources. */
export function ensureBuild(): void {
  const { server, index, assets } = buildPaths();
  const built = [server, index, assets].every((p) => fs.existsSync(p))
    ? Math.min(fs.statSync(index).mtimeMs, fs.statSync(server).mtimeMs)
    : 0;
  const sources = Math.max(
    ...[
      "app",
      "db",
      "jobs",
      "server",
      "migrations",
      "server.ts",
      "remix.config.js",
      "postcss.config.cjs",
      "postcss.config.js",
      "package.json",
    ].map((p) => newestMtime(path.join(ROOT, p))),
  );
  if (built && built >= sources) return;
  console.log(
    `${built ? "The build is older than the sources" : "No build found"}: running npm run build` +
      `${process.env.BUILD_DIR ? ` (BUILD_DIR=${process.env.BUILD_DIR})` : ""}...`,
  );
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/** Where a server's memory is, in MB: all of it (RSS), the JavaScript heap, and buffers outside it. */
export interface ServerMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
}

const MEMORY_METRICS: Record<keyof ServerMemory, string> = {
  rss: "process_resident_memory_bytes",
  heapTotal: "nodejs_heap_size_total_bytes",
  heapUsed: "nodejs_heap_size_used_bytes",
  external: "nodejs_external_memory_bytes",
};

/** The memory figures of a /metrics text (prom-client's default metrics). */
function memoryFromMetrics(text: string): ServerMemory {
  const read = (name: string) => {
    const line = new RegExp(`^${name} (\\d+)`, "m").exec(text);
    if (!line) throw new Error(`/metrics did not report ${name}`);
    return Number(line[1]) / 1048576;
  };
  const [rss, heapTotal, heapUsed, external] = Object.values(MEMORY_METRICS).map(read);
  return { rss, heapTotal, heapUsed, external };
}

/** The output of the server startServer started last, shown when a script fails. */
let lastServerLog: (() => string) | undefined;

/**
 * Runs a script's main to its end: exit 0 when it is done; on failure its error and the last lines
 * of the server's output, exit 1. The server and the temporary files are removed either way.
 */
export function runScript(main: () => Promise<void>): void {
  main()
    .then(() => {
      cleanupAll();
      process.exit(0);
    })
    .catch((e) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      const log = lastServerLog?.().trim();
      if (log) console.error(`\nLast lines of the server's output:\n${log.split("\n").slice(-30).join("\n")}`);
      cleanupAll();
      process.exit(1);
    });
}

export interface RunningServer {
  url: string;
  /** Milliseconds from spawning the process to its first 200 on /healthz. */
  startMs: number;
  /** The server's memory now, in MB, as its /metrics reports it. */
  memory: () => Promise<ServerMemory>;
  /** When the server process started (seconds since 1970, from /metrics): a restart changes it. */
  startedAt: () => Promise<number>;
  /** Everything the server printed so far. */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the compiled server (`node build/server.js` with `npm run serve`'s flags) in production mode
 * on a free loopback port and waits for /healthz (asked every 20 ms, so the start time is measured).
 * Its output goes to a file in `dirs.dir` (a request log per hit would cost a pipe).
 */
export async function startServer(dirs: TempDirs, env: Record<string, string> = {}): Promise<RunningServer> {
  hookSignals();
  const port = await freePort();
  const logPath = path.join(dirs.dir, `server-${port}.log`);
  const logFd = fs.openSync(logPath, "a");
  const serve = serveCommand();
  const spawned = performance.now();
  const child: ChildProcess = spawn(process.execPath, serve.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // The address the bench asks for is the site's public origin (the page cache serves only it).
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_PATH: dirs.dbPath,
      UPLOADS_DIR: dirs.uploadsDir,
      SEED_DEMO: "0",
      RATE_LIMITS: "off",
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      ...env,
    },
    stdio: ["ignore", logFd, logFd],
  });
  fs.closeSync(logFd);
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  cleanups.push(kill);
  const log = () => (fs.existsSync(logPath) ? fs.readFileSync(logPath, "utf8") : "");
  lastServerLog = log;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // SEED_DEMO=1 draws 64 cars' photos first (minutes on a busy machine)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log().slice(-4000)}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(`The server did not answer /healthz in time:\n${log().slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - spawned;
  ownerChosePassword(dirs.dbPath);
  return {
    url,
    startMs,
    log,
    memory: async () => memoryFromMetrics(await (await fetch(`${url}/metrics`)).text()),
    startedAt: async () => {
      const text = await (await fetch(`${url}/metrics`)).text();
      return Number(/^process_start_time_seconds (\d+)/m.exec(text)?.[1] ?? Number.NaN);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
