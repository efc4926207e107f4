// Starts the production build on a free port with its own database, and drives Debian's Chromium.
import { type ChildProcess, spawn } from "node:child_process";
import Database from "better-sqlite3";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "e2e-admin-password";

export interface TestServer {
  url: string;
  dir: string;
  dbPath: string;
  uploadsDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

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

/** Starts `server.ts` against a copy of the seeded template (or an empty database). */
export async function startServer(opts: { seeded?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-e2e-"));
  const dbPath = path.join(dir, "db.sqlite");
  const uploadsDir = path.join(dir, "uploads");
  if (opts.seeded !== false) {
    const template = inject("templateDir");
    fs.copyFileSync(path.join(template, "db.sqlite"), dbPath);
    fs.cpSync(path.join(template, "uploads"), uploadsDir, { recursive: true });
  } else {
    fs.mkdirSync(uploadsDir);
  }
  const port = await freePort();
  let log = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: dbPath,
      UPLOADS_DIR: uploadsDir,
      SEED_DEMO: "0",
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      RATE_LIMITS: "off",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not start in 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    dir,
    dbPath,
    uploadsDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium'.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** A fresh browser context: JavaScript on or off, phone or desktop size. */
export function newContext(
  browser: Browser,
  opts: { js: boolean; viewport?: { width: number; height: number } },
): Promise<BrowserContext> {
  return browser.newContext({
    javaScriptEnabled: opts.js,
    viewport: opts.viewport ?? DESKTOP,
    locale: "en-NG",
    timezoneId: "Africa/Lagos",
  });
}

/** After a client-side navigation, wait for React to finish hydrating (no-op without JS). */
export async function waitForHydration(page: Page, js: boolean): Promise<void> {
  if (!js) return;
  await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
  await page.waitForLoadState("networkidle");
}

/** Saves a screenshot under tests/artifacts (gitignored) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync("tests/artifacts", { recursive: true });
  await page.screenshot({ path: `tests/artifacts/${name}.png`, fullPage: true });
}

/** Runs a describe body once with JavaScript and once without. */
export const JS_MODES = [
  { js: true, label: "with JavaScript" },
  { js: false, label: "without JavaScript" },
] as const;

/** Rows from the test server's database, read with a separate read-only connection. */
export function readRows<T>(server: TestServer, sql: string, ...args: unknown[]): T[] {
  const db = new Database(server.dbPath, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** A new context and page on `path`, hydrated when JavaScript is on. */
export async function openPage(
  browser: Browser,
  server: TestServer,
  opts: { js: boolean; path: string; viewport?: { width: number; height: number } },
): Promise<Page> {
  const ctx = await newContext(browser, { js: opts.js, viewport: opts.viewport ?? DESKTOP });
  const page = await ctx.newPage();
  await page.goto(server.url + opts.path);
  await waitForHydration(page, opts.js);
  return page;
}
