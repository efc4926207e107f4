import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import morgan from "morgan";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from "./app/config/constants";
import { type Env, parseEnv } from "./app/config/env.server";
import { ensureFirstAdmin } from "./app/models/admin.server";
import { closeDatabase, getSqlite } from "./db/database.server";
import { migrateToLatest } from "./db/migrate";
import { seedDemoIfEmpty } from "./db/seed";

const MAX_MULTIPART_BYTES = MAX_IMAGES_PER_UPLOAD * MAX_IMAGE_BYTES + 1_048_576;
const MAX_FORM_BYTES = 256 * 1024;

let config: Env;
try {
  config = parseEnv();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
const production = config.NODE_ENV === "production";
// BUILD_DIR: see remix.config.js.
const BUILD_DIR = process.env.BUILD_DIR;
const BUILD_PATH = path.resolve(BUILD_DIR ? `${BUILD_DIR}/index.js` : "build/index.js");
const ASSETS_DIR = path.resolve(BUILD_DIR ? `${BUILD_DIR}/public` : "public/build");

async function prepareData() {
  await migrateToLatest();
  const admin = await ensureFirstAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  if (admin.generatedPassword) {
    console.log(
      `\nFirst admin created. Sign in at /admin/login as '${config.ADMIN_USERNAME}' with password: ${admin.generatedPassword}\n` +
        "(Shown once. Set ADMIN_PASSWORD to choose it yourself.)\n",
    );
  } else if (admin.created) {
    console.log(`First admin '${config.ADMIN_USERNAME}' created with ADMIN_PASSWORD.`);
  }
  if (config.SEED_DEMO === "1") {
    const seeded = await seedDemoIfEmpty();
    if (seeded) console.log(`Demo inventory loaded: ${seeded} cars.`);
  }
}

async function loadBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(BUILD_PATH)) {
    throw new Error("No build found: run `npm run build` first (npm start does it for you).");
  }
  // A query string busts Node's module cache so dev rebuilds are picked up.
  const url = pathToFileURL(BUILD_PATH).href + (production ? "" : `?t=${fs.statSync(BUILD_PATH).mtimeMs}`);
  return import(url);
}

function createApp(initialBuild: ServerBuild) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", 1);

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          "style-src": ["'self'", "'unsafe-inline'"], // Mantine writes its CSS variables inline
          "img-src": ["'self'", "data:", "https:"], // listings may use absolute image URLs
          "media-src": ["'self'"],
          "connect-src": ["'self'", ...(production ? [] : ["ws:"])],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "upgrade-insecure-requests": null, // the site is often run on plain http on a LAN
        },
      },
      crossOriginEmbedderPolicy: false,
      // Not helmet's no-referrer: with it browsers send `Origin: null` on form posts, which
      // Remix's CSRF check refuses, so every form without JavaScript would fail with a 500.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(compression());

  // Built assets have content hashes in their names: cache them for a year.
  app.use("/build", express.static(ASSETS_DIR, { immutable: true, maxAge: "1y" }));
  // Other public files (hero, gallery, placeholder) keep their names across releases: one day.
  app.use(express.static("public", { maxAge: "1d" }));
  // Uploads have random names and never change: long caching, real types, no sniffing.
  app.use(
    "/uploads",
    express.static(path.resolve(config.UPLOADS_DIR), {
      immutable: true,
      maxAge: "1y",
      fallthrough: false,
      dotfiles: "deny",
      setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
    }),
  );

  app.use(
    morgan(production ? "combined" : "dev", {
      skip: (req) => req.url.startsWith("/build/") || req.url === "/healthz",
    }),
  );

  // Bodies: multipart (car photos, at most 10 × 2 MB plus fields) or small forms and JSON.
  // Declared sizes over that are refused before anything is read.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const multipart = (req.get("content-type") ?? "").includes("multipart/form-data");
    const limit = multipart ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES;
    if (Number(req.get("content-length") ?? 0) > limit) {
      const message = multipart ? "Each image must be under 2MB" : "The request is too large.";
      return req.path.startsWith("/api/")
        ? res.status(413).json({ error: message })
        : res.status(413).type("text/plain").send(message);
    }
    next();
  });

  // Remix refuses a cross-site page action with a 500; answer a clear 403 before it gets there.
  app.use((req, res, next) => {
    const origin = req.get("origin");
    if (req.method === "GET" || req.method === "HEAD" || req.path.startsWith("/api/") || !origin) return next();
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      /* "null" or garbage: not this site */
    }
    if (originHost !== (req.get("x-forwarded-host") ?? req.get("host"))) {
      return res.status(403).type("text/plain").send("Forms can only be sent from this website.");
    }
    next();
  });

  if (config.RATE_LIMITS === "on") {
    // Every POST/PUT/DELETE (lead forms, API writes): generous for people, a wall for scripts.
    app.use(
      rateLimit({
        windowMs: 60_000,
        limit: 60,
        standardHeaders: "draft-8",
        legacyHeaders: false,
        skip: (req) => req.method === "GET" || req.method === "HEAD",
        handler: (_req, res) =>
          res.status(429).json({ error: "Too many requests. Please wait a minute and try again." }),
      }),
    );
  }

  let build = initialBuild;
  if (!production) {
    fs.watchFile(BUILD_PATH, { interval: 500 }, async () => {
      build = await loadBuild();
      const { broadcastDevReady } = await import("@remix-run/node");
      await broadcastDevReady(build);
    });
  }

  app.all(
    "*",
    (req, res, next) =>
      createRequestHandler({
        build,
        mode: config.NODE_ENV,
        // clientIp: req.ip (honours trust proxy) for the login throttle.
        getLoadContext: () => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? "" }),
      })(req, res, next),
  );

  // Last resort: never leak a stack trace.
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = (err as { status?: number; statusCode?: number }).status ?? 500;
    if (status >= 500) console.error(err);
    if (res.headersSent) return;
    res.status(status).type("text/plain").send(status === 404 ? "Not found" : "Something went wrong");
  });
  return app;
}

async function main() {
  await prepareData();
  const build = await loadBuild();
  const app = createApp(build);
  const server = app.listen(config.PORT, config.HOST, async () => {
    console.log(`Dealership site ready on http://localhost:${config.PORT} (${config.NODE_ENV})`);
    if (!production) {
      const { broadcastDevReady } = await import("@remix-run/node");
      await broadcastDevReady(build);
    }
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing connections and the database.`);
    fs.unwatchFile(BUILD_PATH);
    server.close(() => {
      closeDatabase();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      closeDatabase();
      process.exit(0);
    }, 8_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // Fail loudly at start if the database is not usable.
  getSqlite().prepare("select 1").get();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  closeDatabase();
  process.exit(1);
});
