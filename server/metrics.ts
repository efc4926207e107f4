import crypto from "node:crypto";
import fs from "node:fs";
import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type express from "express";
import client from "prom-client";

export interface MetricsSources {
  /** The SQLite file (its -wal file is measured beside it). */
  databasePath: string;
  /** Bytes the page cache holds now; null when the cache is off. */
  pageCacheBytes: () => number | null;
  /** Leads received so far, by kind. */
  leadCounts: () => Promise<{ kind: string; count: number }[]>;
}

export interface Metrics {
  registry: client.Registry;
  /** Counts and times every request under its route pattern (first middleware). */
  observe: express.RequestHandler;
  /** Names the Remix route a request will reach, for `observe` (mount just before Remix). */
  routeLabel: (build: () => ServerBuild) => express.RequestHandler;
  /** GET /metrics in Prometheus text format, for loopback or the METRICS_TOKEN bearer only. */
  endpoint: (token: string | undefined) => express.RequestHandler;
}

/**
 * The figures an operator scrapes: requests and their durations by route pattern (never the raw
 * URL, so the series stay few), page-cache hits, misses and bytes, leads received by kind, the
 * SQLite file's size, and the process's memory and event loop (prom-client's defaults).
 * Each app gets its own registry (tests create several).
 */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const cacheLookups = new client.Counter({
    name: "page_cache_requests_total",
    help: "Requests the page cache could answer: hit, miss (rendered and kept) or bypass (not shareable)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: "page_cache_bytes",
    help: "Bytes held by the page cache (plain, gzip and brotli copies)",
    registers: [registry],
    collect() {
      this.set(sources.pageCacheBytes() ?? 0);
    },
  });
  new client.Counter({
    name: "leads_created_total",
    help: "Leads received, by kind (read from the database, so restarts keep the count)",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { kind, count } of await sources.leadCounts()) this.inc({ kind }, count);
    },
  });
  new client.Gauge({
    name: "sqlite_file_bytes",
    help: "Size of the SQLite database file and of its write-ahead log",
    labelNames: ["file"] as const,
    registers: [registry],
    collect() {
      this.set({ file: "database" }, fileSize(sources.databasePath));
      this.set({ file: "wal" }, fileSize(`${sources.databasePath}-wal`));
    },
  });

  const observe: express.RequestHandler = (req, res, next) => {
    const path = req.path;
    const stop = durations.startTimer();
    res.once("finish", () => {
      const route = (res.locals.route as string | undefined) ?? staticLabel(path, res.statusCode);
      requests.inc({ method: req.method, route, status: res.statusCode });
      stop({ method: req.method, route });
      const cache = res.getHeader("X-Cache");
      if (typeof cache === "string") cacheLookups.inc({ result: cache.toLowerCase() });
    });
    next();
  };

  const routeLabel = (build: () => ServerBuild): express.RequestHandler => {
    let labelled: { build: ServerBuild; label: (pathname: string) => string } | null = null;
    return (req, res, next) => {
      const current = build();
      if (labelled?.build !== current) labelled = { build: current, label: routePatterns(current) };
      res.locals.route = labelled.label(req.path);
      next();
    };
  };

  const endpoint =
    (token: string | undefined): express.RequestHandler =>
    async (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      if (!mayScrape(req, token)) {
        res.status(403).type("text/plain").send("Metrics are answered on this machine or with the metrics token.");
        return;
      }
      try {
        const body = await registry.metrics();
        res.setHeader("Cache-Control", "no-store");
        res.type(registry.contentType).send(body);
      } catch (e) {
        next(e);
      }
    };

  return { registry, observe, routeLabel, endpoint };
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** Requests Express answers before Remix: grouped by what they are, never by file name. */
export function staticLabel(path: string, status: number): string {
  if (path === "/metrics") return "/metrics";
  if (path.startsWith("/build/")) return "/build/*";
  if (path.startsWith("/uploads/")) return "/uploads/*";
  return status === 404 ? "unmatched" : "static";
}

/**
 * The route pattern a URL reaches in a Remix build, e.g. "/cars/:slug" for /cars/toyota-camry-12,
 * and for its data requests (/cars/toyota-camry-12.data) too; "unmatched" when no route does.
 */
export function routePatterns(build: Pick<ServerBuild, "routes">): (pathname: string) => string {
  const children = new Map<string | undefined, AgnosticRouteObject[]>();
  const node = (id: string): AgnosticRouteObject => {
    const r = build.routes[id];
    const kids = children.get(id) ?? [];
    return r.index
      ? { id, index: true, path: r.path, caseSensitive: r.caseSensitive }
      : { id, path: r.path, caseSensitive: r.caseSensitive, children: kids };
  };
  for (const route of Object.values(build.routes)) {
    const list = children.get(route.parentId) ?? [];
    children.set(route.parentId, list);
  }
  // Children lists first (empty arrays filled below), then nodes that point at them.
  for (const route of Object.values(build.routes)) children.get(route.parentId)?.push(node(route.id));
  const tree = children.get(undefined) ?? [];
  const known = new Map<string, string>();
  return (pathname) => {
    let path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
    if (path === "/_root") path = "/";
    const cached = known.get(path);
    if (cached) return cached;
    const matches = matchRoutes(tree, path);
    const label = matches
      ? `/${matches
          .map((m) => m.route.path ?? "")
          .filter(Boolean)
          .join("/")}`.replace(/\/+/g, "/")
      : "unmatched";
    if (known.size < 1000 && !label.includes(":") && !label.includes("*")) known.set(path, label);
    return label;
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Loopback means the connection comes from this machine AND no proxy relayed it: behind nginx or
 * Caddy on the same host every request arrives from 127.0.0.1, with X-Forwarded-For. A bearer
 * METRICS_TOKEN lets a scraper on another machine in.
 */
function mayScrape(req: express.Request, token: string | undefined): boolean {
  const auth = req.get("authorization") ?? "";
  if (token && auth.startsWith("Bearer ")) {
    const given = crypto.createHash("sha256").update(auth.slice("Bearer ".length)).digest();
    const wanted = crypto.createHash("sha256").update(token).digest();
    return crypto.timingSafeEqual(given, wanted);
  }
  const relayed = req.get("x-forwarded-for") !== undefined || req.get("forwarded") !== undefined;
  return !relayed && LOOPBACK.test(req.socket.remoteAddress ?? "") && LOOPBACK.test(req.ip ?? "");
}
