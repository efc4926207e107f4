import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { type Env, parseEnv, whatsappConfig } from "./app/config/env.server";
import { logger } from "./app/config/logger.server";
import { ensureFirstAdmin } from "./app/models/admin.server";
import { flushCarViews } from "./app/models/car-interest.server";
import { demoSeedNeeded, seedDemoIfEmpty } from "./app/models/demo/demo-inventory.server";
import { sizeOlderSlidePhotos } from "./app/models/home-media.server";
import { endHolds } from "./app/models/reservations.server";
import { closeDatabase } from "./db/database.server";
import { migrateToLatest } from "./db/migrate";
import { createMailer } from "./jobs/mailer";
import { startOutboxSender } from "./jobs/outbox-sender";
import { createApp } from "./server/app";
import { createServer } from "./server/connections";
import { forgetUnloadedModules } from "./server/module-cache";
import { removePidFile, writePidFile } from "./server/pid-file";

let config: Env;
try {
  config = parseEnv();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
const production = config.NODE_ENV === "production";
/** How often the holds that have ended are recorded (a read never counts an ended hold meanwhile). */
const HOLD_SWEEP_MS = 30_000;
// BUILD_DIR: see remix.config.js.
const BUILD_DIR = process.env.BUILD_DIR;
const BUILD_PATH = path.resolve(BUILD_DIR ? `${BUILD_DIR}/index.js` : "build/index.js");
const ASSETS_DIR = path.resolve(BUILD_DIR ? `${BUILD_DIR}/public` : "public/build");

async function prepareData() {
  await migrateToLatest();
  const admin = await ensureFirstAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  if (admin.generatedPassword) {
    logger.warn(
      `First admin created. Sign in at /admin/login as '${config.ADMIN_USERNAME}' ` +
        `with password: ${admin.generatedPassword} ` +
        "(shown once; set ADMIN_PASSWORD to choose it yourself)",
    );
  } else if (admin.created) {
    logger.info(`First admin '${config.ADMIN_USERNAME}' created with ADMIN_PASSWORD.`);
  }
  if (config.SEED_DEMO === "1" && (await demoSeedNeeded())) await seedInChild();
}

/** Set in the environment of the child process that seeds the demo (see seedInChild). */
const SEED_CHILD = "DEALER_DEMO_SEED_CHILD";

/**
 * The demo inventory is drawn (64 cars' photos through sharp and libvips) by a child process
 * running this same file: the image library and the buffers it leaves behind go with the child,
 * instead of staying in the server's memory for as long as it runs (about 20 MB of its budget).
 */
function seedInChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, [SEED_CHILD]: "1" },
      stdio: "inherit",
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Seeding the demo failed (exit ${code})`))));
  });
}

async function seedChild() {
  const seeded = await seedDemoIfEmpty();
  if (seeded) logger.info(`Demo inventory loaded: ${seeded} cars.`);
  closeDatabase();
  logger.flush();
}

async function loadBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(BUILD_PATH)) {
    throw new Error("No build found: run `npm run build` first (npm start does it for you).");
  }
  // A query string busts Node's module cache so dev rebuilds are picked up.
  const url = pathToFileURL(BUILD_PATH).href + (production ? "" : `?t=${fs.statSync(BUILD_PATH).mtimeMs}`);
  const build = await import(url);
  forgetUnloadedModules(); // the package files Node read to load the build but never ran
  return build;
}

async function main() {
  await prepareData();
  let build = await loadBuild();
  if (!production) {
    fs.watchFile(BUILD_PATH, { interval: 500 }, async () => {
      build = await loadBuild();
      const { broadcastDevReady } = await import("@remix-run/node");
      await broadcastDevReady(build);
    });
  }
  const sender = await startOutboxSender({
    mailer: config.SMTP_URL ? createMailer(config.SMTP_URL) : null,
    mailFrom: config.MAIL_FROM,
    webhooks: { allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE === "1", userAgent: "dealer-site-webhooks/1" },
    whatsapp: whatsappConfig(config),
    logger,
  });
  // A reservation's hold ends by itself: the car is free again and the buyer and staff are told.
  const holds = setInterval(() => {
    endHolds().catch((e) => logger.error({ err: e }, "Could not end the reservations whose hold is over"));
  }, HOLD_SWEEP_MS);
  holds.unref();
  if (!config.SMTP_URL) logger.info("Email is off: SMTP_URL is not set (webhooks are still sent).");
  if (!whatsappConfig(config))
    logger.info("WhatsApp is off: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are not both set.");
  const app = createApp({ config, build: () => build, assetsDir: ASSETS_DIR, logger });
  const server = createServer(app).listen(config.PORT, config.HOST, async () => {
    writePidFile(config.DATABASE_PATH);
    logger.info(`Dealership site ready on http://localhost:${config.PORT} (${config.NODE_ENV})`);
    // Home slides stored before they had sized photos get them now, after the first answer is possible.
    sizeOlderSlidePhotos()
      .then((n) => n && logger.info(`Sized ${n} home slide photo(s) stored before slides had sizes.`))
      .catch((e) => logger.error({ err: e }, "Could not size the older home slide photos"));
    if (!production) {
      const { broadcastDevReady } = await import("@remix-run/node");
      await broadcastDevReady(build);
    }
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: closing connections and the database.`);
    fs.unwatchFile(BUILD_PATH);
    clearInterval(holds);
    // The sender finishes the message in hand (within the 8 s below) before the database closes.
    const senderStopped = sender.stop();
    const exit = () => {
      try {
        flushCarViews(); // the views counted in the last seconds
      } catch (e) {
        logger.error({ err: e }, "could not store the last car views");
      }
      closeDatabase();
      removePidFile(config.DATABASE_PATH);
      logger.flush();
      process.exit(0);
    };
    server.close(() => void senderStopped.finally(exit));
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      exit();
    }, 8_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

(process.env[SEED_CHILD] === "1" ? seedChild() : main()).catch((e) => {
  logger.fatal(e instanceof Error ? e.message : String(e));
  logger.flush();
  closeDatabase();
  process.exit(1);
});
