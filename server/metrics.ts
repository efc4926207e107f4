import crypto from "node:crypto";
import fs from "node:fs";
import type { ServerBuild } from "@remix-run/node";
import type express from "express";
import client from "prom-client";
import { OUTBOX_CHANNELS } from "../app/lib/outbox";

export interface MetricsSources {
  /** The Remix build, whose route table names the pattern of each request (req.edge, server/route-policies). */
  build: () => ServerBuild;
  /** The SQLite file (its -wal file is measured beside it). */
  databasePath: string;
  /** Bytes the page cache holds now; null when the cache is off. */
  pageCacheBytes: () => number | null;
  /** Leads received so far, by kind. */
  leadCounts: () => Promise<{ kind: string; count: number }[]>;
  /** Messages in the outbox, by channel and status. */
  outboxCounts: () => Promise<{ channel: string; status: string; count: number }[]>;
}

export interface Metrics {
  registry: client.Registry;
  /** Counts and times every request under its route pattern (first middleware). */
  observe: express.RequestHandler;
  /** GET /metrics in Prometheus text format, for loopback or the METRICS_TOKEN bearer only. */
  endpoint: (token: string | undefined) => express.RequestHandler;
}

/**
 * The figures an operator scrapes: requests and their durations by route pattern (never the raw
 * URL, so the series stay few), page-cache hits, misses and bytes, leads received by kind, the
 * outbox's messages by channel and status (failed ones want a look), the SQLite file's size, and
 * the process's memory and event loop (prom-client's defaults).
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
    name: "outbox_messages",
    help: "Emails, webhooks and WhatsApp messages in the outbox, by channel and status (queued, sent, failed)",
    labelNames: ["channel", "status"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const channel of OUTBOX_CHANNELS) {
        for (const status of ["queued", "sent", "failed"]) this.set({ channel, status }, 0);
      }
      for (const { channel, status, count } of await sources.outboxCounts()) this.set({ channel, status }, count);
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
      const route = req.edge
        ? req.edge.id
          ? routePattern(sources.build(), req.edge.id)
          : "unmatched"
        : staticLabel(path, res.statusCode);
      requests.inc({ method: req.method, route, status: res.statusCode });
      stop({ method: req.method, route });
      const cache = res.getHeader("X-Cache");
      if (typeof cache === "string") cacheLookups.inc({ result: cache.toLowerCase() });
    });
    next();
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

  return { registry, observe, endpoint };
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

const patterns = new WeakMap<ServerBuild, Map<string, string>>();

/**
 * A route's URL pattern from the build's route table, e.g. "/cars/:id" for "routes/cars.$id":
 * the paths of the route and its parents joined. Data requests (/cars/12.data) match the same
 * route, so they count under the page's pattern.
 */
export function routePattern(build: Pick<ServerBuild, "routes">, id: string): string {
  let known = patterns.get(build as ServerBuild);
  if (!known) {
    known = new Map();
    patterns.set(build as ServerBuild, known);
  }
  let pattern = known.get(id);
  if (pattern === undefined) {
    const parts: string[] = [];
    let route: ServerBuild["routes"][string] | undefined = build.routes[id];
    for (; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
      if (route.path) parts.unshift(route.path);
    }
    pattern = `/${parts.join("/")}`.replace(/\/+/g, "/");
    known.set(id, pattern);
  }
  return pattern;
}

/** The machine's own address, as a scraper on it connects (localhost): 127.0.0.1 or ::1, nothing else. */
const LOCALHOST = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/;

/**
 * A scraper on this machine: the connection comes from localhost AND no proxy relayed it (behind
 * nginx or Caddy on the same host every request arrives from 127.0.0.1, with X-Forwarded-For).
 * Any other address, 127.0.0.2 included, needs the METRICS_TOKEN as a bearer.
 */
function mayScrape(req: express.Request, token: string | undefined): boolean {
  const auth = req.get("authorization") ?? "";
  if (token && auth.startsWith("Bearer ")) {
    const given = crypto.createHash("sha256").update(auth.slice("Bearer ".length)).digest();
    const wanted = crypto.createHash("sha256").update(token).digest();
    return crypto.timingSafeEqual(given, wanted);
  }
  const relayed = req.get("x-forwarded-for") !== undefined || req.get("forwarded") !== undefined;
  return !relayed && LOCALHOST.test(req.socket.remoteAddress ?? "") && LOCALHOST.test(req.ip ?? "");
}
