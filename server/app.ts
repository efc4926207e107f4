import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { type Env, siteOrigin, trustProxySetting } from "../app/config/env.server";
import { createLogger, type Logger } from "../app/config/logger.server";
import { checkoutOrigin } from "../app/lib/reservations";
import { catalogVersion } from "../app/models/catalog-version.server";
import { leadCountsByKind } from "../app/models/lead-counts.server";
import { outboxCounts } from "../app/models/outbox.server";
import { bodyLimits, isApiRequest } from "./body-limits";
import { fetchUrl } from "./fetch-bridge";
import { requestId, requestLog } from "./logger";
import { createMetrics } from "./metrics";
import { PageCache } from "./page-cache";
import { rateLimits } from "./rate-limits";
import { remixMiddleware } from "./remix";
import { dropLegacyDataParam, refuseUnknownMethods } from "./request-hygiene";
import { requestTarget } from "./request-target";
import { routePolicies } from "./route-policies";

export interface AppOptions {
  config: Env;
  build: () => ServerBuild;
  assetsDir: string;
  /** Where request and error lines go (default: standard output, JSON in production). */
  logger?: Logger;
}

/** The Express app: security headers, static files, limits, then Remix behind the page cache. */
export function createApp({ config, build, assetsDir, logger = createLogger(config.NODE_ENV) }: AppOptions) {
  const production = config.NODE_ENV === "production";
  const app = express();
  app.disable("x-powered-by");
  // Forwarding headers are believed only from the proxies TRUST_PROXY names; req.ip is then the
  // one client address every limit uses.
  app.set("trust proxy", trustProxySetting(config.TRUST_PROXY));
  const siteHost = new URL(siteOrigin(config)).host;

  // Every answer gets a request id. Then the target and Host are judged once (server/request-target.ts):
  // from here on req.url is the path every step judges, Remix included.
  app.use(requestId(), requestTarget({ logger, siteHost }), refuseUnknownMethods(), dropLegacyDataParam());

  // Every answer is counted; /metrics is for the operator (server/metrics.ts).
  const metrics = createMetrics({
    build,
    databasePath: config.DATABASE_PATH,
    pageCacheBytes: () => cache?.size ?? null,
    leadCounts: leadCountsByKind,
    outboxCounts,
  });
  app.use(metrics.observe);
  app.get("/metrics", metrics.endpoint(config.METRICS_TOKEN));

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // Inline scripts are allowed one by one by their hash, page by page (server/csp.ts).
          "script-src": ["'self'"],
          "style-src": ["'self'", "'unsafe-inline'"], // React style attributes and Mantine's CSS variables
          // listings may use absolute image URLs; blob: shows a photo resized in the browser before upload
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "media-src": ["'self'"],
          "connect-src": ["'self'", ...(production ? [] : ["ws:"])],
          // The reserve form is answered with a redirect to Paystack's checkout (a form's redirects count).
          "form-action": ["'self'", checkoutOrigin(config.PAYSTACK_API_URL)],
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
  app.use("/build", express.static(assetsDir, { immutable: true, maxAge: "1y" }));
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

  app.use(requestLog(logger));

  // Each request's route and what it declared (app/lib/edge.ts), for the limits and the cache.
  app.use(routePolicies(build));
  app.use(bodyLimits());

  // Remix refuses a cross-site page action with a 500; answer a clear 403 before it gets there. The
  // JSON APIs are left to their bearer tokens (server/body-limits.ts, isApiRequest), but not a path
  // no API answers or one asked through Remix's data protocol (`….data`, HEAD included), which
  // Remix checks too.
  app.use((req, res, next) => {
    const origin = req.get("origin");
    const data = req.path.endsWith(".data");
    if (req.method === "GET" || (req.method === "HEAD" && !data) || isApiRequest(req) || !origin) return next();
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      /* "null" or garbage: not this site */
    }
    if (originHost !== fetchUrl(req).host) {
      return res.status(403).type("text/plain").send("Forms can only be sent from this website.");
    }
    next();
  });

  if (config.RATE_LIMITS === "on") app.use(rateLimits());

  const cache =
    config.PAGE_CACHE_MB > 0
      ? new PageCache(catalogVersion, { maxBytes: config.PAGE_CACHE_MB * 1024 * 1024, ttlMs: 60_000 })
      : null;
  app.all(
    "*",
    remixMiddleware({
      build,
      mode: config.NODE_ENV,
      cache,
      siteHost,
      // The client's address, worked out once (honouring TRUST_PROXY), for every limit; and, for a
      // lead form over its budget, how long to wait (the form says so, see app/http/bot-guard).
      loadContext: (req) => ({
        clientIp: req.ip ?? "",
        leadRetryAfter: req.leadRetryAfter,
        // For the error page's reference, and every line the app logs for this request.
        requestId: req.id ?? "",
        logger: logger.child({ reqId: req.id }),
      }),
    }),
  );

  // Last resort: never leak a stack trace. A client's mistake (4xx) is not logged beyond its request line.
  app.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = (err as { status?: number; statusCode?: number }).status ?? 500;
    if (status >= 500) logger.error({ reqId: req.id, err }, "server error");
    if (res.headersSent) return;
    res
      .status(status)
      .type("text/plain")
      .send(
        status === 404
          ? "Not found"
          : status >= 500
            ? `Something went wrong (reference ${req.id})`
            : "Something went wrong",
      );
  });
  return app;
}
