// End-to-end fixture: the production build on a free port with its own database, and Debian's
// Chromium. A test file (or describe block) calls `setupE2E()` once and uses what it returns:
//
//   const app = setupE2E({ browser: true });                       // seeded server + browser
//   const app = setupE2E({ server: { env: { RATE_LIMITS: "on" } } }); // server only, its own env
//
//   const page = await app.open("/browse", { js: false, viewport: PHONE });
//   app.rows("select ...");  app.field(page, "Make");  app.url("/api/cars")
//
// The server and browser start in beforeAll and stop in afterAll; every browser context opened
// through the fixture is closed after its test; every test must assert something.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
import { HONEYPOT_FIELD, STAMP_FIELD } from "~/lib/bot-trap";
import { serveCommand } from "../../scripts/bench/server";
import { adminCookie } from "./admin-session";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "e2e-admin-password";

export interface TestServer {
  url: string;
  dir: string;
  dbPath: string;
  uploadsDir: string;
  output: () => string;
  /** Kills the server at once (SIGKILL: no shutdown, as a power cut or an OOM kill would). */
  crash: () => Promise<void>;
  /** Starts the server again on the same database and port (stopping it first if it runs), with `env` on top. */
  restart: (env?: Record<string, string>) => Promise<void>;
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

/** How `npm run serve` starts the compiled server (BUILD_DIR honoured): node, its flags, build/server.js. */
export const SERVE = serveCommand();

export interface ServerOptions {
  /** A copy of the seeded template (the default) or an empty database. */
  seeded?: boolean;
  env?: Record<string, string>;
  /**
   * The first admin, created at start-up from ADMIN_PASSWORD, must choose their own password before
   * anything else. Tests of other things start as if they had (the flag cleared); pass true to keep it.
   */
  firstSignIn?: boolean;
}

/** Starts the built server with `node` against a copy of the seeded template (or an empty database). */
async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
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
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  let child: ChildProcess;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SERVE.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_PATH: dbPath,
    UPLOADS_DIR: uploadsDir,
    SEED_DEMO: "0",
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    RATE_LIMITS: "off",
    SITE_URL: url,
    // Tests fill forms faster than any person; one test checks the real minimum fill time.
    FORM_MIN_FILL_MS: "0",
    ...opts.env,
  };

  /** Spawns the server on this folder and port and waits until it answers /healthz. */
  async function launch(extraEnv: Record<string, string> = {}): Promise<void> {
    child = spawn(process.execPath, SERVE.args, { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    const started = child;
    started.stdout!.on("data", (d) => (log += d));
    started.stderr!.on("data", (d) => (log += d));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`Server exited early:\n${log}`);
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) {
        started.kill("SIGKILL");
        throw new Error(`Server did not start in 30 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  async function end(signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill(signal);
    await exited;
  }

  await launch();
  if (!opts.firstSignIn) {
    const db = new Database(dbPath);
    try {
      db.pragma("busy_timeout = 5000");
      db.prepare("UPDATE admins SET must_change_password = 0 WHERE username = ?").run(ADMIN_USERNAME);
    } finally {
      db.close();
    }
  }
  return {
    url,
    dir,
    dbPath,
    uploadsDir,
    output: () => log,
    crash: () => end("SIGKILL"),
    restart: async (extraEnv) => {
      await end("SIGTERM");
      await launch(extraEnv);
    },
    stop: async () => {
      await end("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium'.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export interface Viewport {
  width: number;
  height: number;
}

export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1280, height: 900 };

/** Runs a describe body once with JavaScript and once without. */
export const JS_MODES = [
  { js: true, label: "with JavaScript" },
  { js: false, label: "without JavaScript" },
] as const;

/**
 * After a navigation, wait for the page's JavaScript to take over (no-op without JS): React's
 * hydration, or on a page that runs no React (app/lib/page-scripts.ts) its plain script, which
 * marks <html data-enhanced> when it is ready.
 */
export async function waitForHydration(page: Page, js: boolean): Promise<void> {
  if (!js) return;
  await page.waitForFunction(
    () =>
      (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined ||
      document.documentElement.hasAttribute("data-enhanced"),
  );
  await page.waitForLoadState("networkidle");
}

/**
 * Waits until nothing on the page moves any more: web fonts loaded, eager images loaded, CSS
 * animations and transitions finished, and the layout (every element's box, so script-driven
 * chart animations too) unchanged over three looks 50 ms apart. It looks from Node, not with a
 * timer or an animation frame in the page: a page without JavaScript runs neither.
 */
export async function settled(page: Page, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: PageState | undefined;
  let stable = 0;
  for (;;) {
    const now = await pageState(page);
    stable = last && now.boxes.join(";") === last.boxes.join(";") ? stable + 1 : 0;
    if (stable >= 3 && now.moving.length === 0 && now.loading.length === 0 && now.fonts === "loaded") return;
    if (Date.now() > deadline) {
      const moved = last ? now.names.filter((_, i) => now.boxes[i] !== last?.boxes[i]).slice(0, 10) : [];
      const what = { moved, animations: now.moving, images: now.loading, fonts: now.fonts };
      throw new Error(`${page.url()} still moves after ${timeout} ms: ${JSON.stringify(what)}`);
    }
    last = now;
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface PageState {
  boxes: string[];
  names: string[];
  moving: string[];
  loading: string[];
  fonts: string;
}

/** One look at the page: every element's box, running animations, eager images still loading. */
function pageState(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const name = (el: Element | null) => {
      if (!el) return "?";
      const id = el.id ? `#${el.id}` : "";
      const className = el.getAttribute("class")?.split(" ")[0];
      return `${el.tagName.toLowerCase()}${id}${className ? `.${className}` : ""}`;
    };
    const all = Array.from(document.body.querySelectorAll("*"));
    const boxes = all.map((el) => {
      const r = el.getBoundingClientRect();
      return `${r.x},${r.y},${r.width},${r.height}`;
    });
    boxes.push(`${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight}`);
    const moving = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => {
        const what = (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty;
        return `${what} on ${name((a.effect as KeyframeEffect | null)?.target ?? null)}`;
      });
    const loading = [...document.images].filter((img) => img.loading !== "lazy" && !img.complete).map((img) => img.src);
    return { boxes, names: [...all.map(name), "document"], moving, loading, fonts: document.fonts.status };
  });
}

/** Saves a screenshot under tests/artifacts (gitignored) for people to look at. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync("tests/artifacts", { recursive: true });
  await page.screenshot({ path: `tests/artifacts/${name}.png`, fullPage: opts.fullPage ?? true });
}

/** A form control by its label, whether or not Mantine marks it required with " *". */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));
}

/** How wide the document is: more than the viewport means the page scrolls sideways. */
export function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

export interface PageOptions {
  /** JavaScript on or off. */
  js: boolean;
  /** Desktop unless given. */
  viewport?: Viewport;
  /** Signed in to the back office: `true` as the first admin, or a username. */
  admin?: boolean | string;
  /**
   * The browser's user agent. Headless Chromium names itself "HeadlessChrome", which isbot takes
   * for a bot (the WhatsApp click counter ignores bots): give a person's browser's to be counted.
   */
  userAgent?: string;
}

export interface E2E {
  readonly server: TestServer;
  readonly browser: Browser;
  /** The server's address for a path. */
  url(path: string): string;
  /** Rows from the server's database, read with a separate read-only connection. */
  rows<T>(sql: string, ...args: unknown[]): T[];
  /** A fresh browser context, closed after the test. */
  context(opts: PageOptions): Promise<BrowserContext>;
  /** A page in a fresh context, not navigated yet (to listen, route or install a clock first). */
  newPage(opts: PageOptions): Promise<Page>;
  /** A page in a fresh context on `path`, hydrated when JavaScript is on. */
  open(path: string, opts: PageOptions): Promise<Page>;
  /** Navigates a page of this fixture to `path` and waits for hydration when its JavaScript is on. */
  go(page: Page, path: string): Promise<void>;
  /** Signs an admin in on a context without the login form (the first admin unless named). */
  signIn(context: BrowserContext, username?: string): Promise<void>;
  /** A `Cookie` header value with a live admin session (the first admin unless named). */
  adminCookie(username?: string): Promise<string>;
  /** The anti-bot fields of the lead form on `path` as a browser posts them: the page's stamp, an empty honeypot. */
  botGuardFields(path: string): Promise<Record<string, string>>;
  /** Errors the page logged to its console or threw, since it opened. */
  consoleErrors(page: Page): string[];
  field: typeof field;
}

/**
 * Starts a server (seeded unless `server.seeded` is false, with `server.env` on top of the test
 * defaults) and, with `browser: true`, Chromium, for the tests of the file or describe block it
 * is called in.
 */
export function setupE2E(opts: { browser?: boolean; server?: ServerOptions } = {}): E2E {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let open: BrowserContext[] = [];
  const jsOf = new WeakMap<BrowserContext, boolean>();
  const errorsOf = new WeakMap<Page, string[]>();

  beforeAll(async () => {
    server = await startServer(opts.server);
    if (opts.browser) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(() => {
    expect.hasAssertions();
  });
  afterEach(async () => {
    const closing = open;
    open = [];
    await Promise.all(closing.map((c) => c.close()));
  });

  const app: E2E = {
    get server() {
      if (!server) throw new Error("setupE2E: the server starts in beforeAll; use it inside tests and hooks.");
      return server;
    },
    get browser() {
      if (!opts.browser) throw new Error("setupE2E: pass { browser: true } to get a browser.");
      if (!browser) throw new Error("setupE2E: the browser starts in beforeAll; use it inside tests and hooks.");
      return browser;
    },
    url: (path) => app.server.url + path,
    rows<T>(sql: string, ...args: unknown[]): T[] {
      const db = new Database(app.server.dbPath, { readonly: true });
      try {
        return db.prepare(sql).all(...args) as T[];
      } finally {
        db.close();
      }
    },
    async context({ js, viewport = DESKTOP, admin, userAgent }) {
      const ctx = await app.browser.newContext({
        javaScriptEnabled: js,
        userAgent,
        viewport,
        locale: "en-NG",
        timezoneId: "Africa/Lagos",
      });
      open.push(ctx);
      jsOf.set(ctx, js);
      ctx.on("page", (page) => {
        const errors: string[] = [];
        errorsOf.set(page, errors);
        page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
        page.on("pageerror", (e) => void errors.push(e.message));
      });
      if (admin) await app.signIn(ctx, admin === true ? undefined : admin);
      return ctx;
    },
    async newPage(pageOpts) {
      return (await app.context(pageOpts)).newPage();
    },
    async open(path, pageOpts) {
      const page = await app.newPage(pageOpts);
      await app.go(page, path);
      return page;
    },
    async go(page, path) {
      const js = jsOf.get(page.context());
      if (js === undefined) throw new Error("setupE2E: go() takes a page opened through the fixture.");
      await page.goto(app.url(path));
      await waitForHydration(page, js);
    },
    async signIn(context, username = ADMIN_USERNAME) {
      const cookie = await app.adminCookie(username);
      const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
      await context.addCookies([{ name, value, url: app.server.url, httpOnly: true, sameSite: "Lax" }]);
    },
    adminCookie: (username = ADMIN_USERNAME) => adminCookie(app.server, username),
    async botGuardFields(path) {
      const html = await (await fetch(app.url(path))).text();
      const input = new RegExp(`<input[^>]*name="${STAMP_FIELD}"[^>]*>`).exec(html)?.[0];
      const stamp = input && /value="([^"]*)"/.exec(input)?.[1];
      if (!stamp) throw new Error(`No ${STAMP_FIELD} field on ${path}`);
      return { [HONEYPOT_FIELD]: "", [STAMP_FIELD]: stamp.replace(/&amp;/g, "&") };
    },
    consoleErrors: (page) => errorsOf.get(page) ?? [],
    field,
  };
  return app;
}
