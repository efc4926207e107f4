import crypto from "node:crypto";
import { createRequire } from "node:module";
import type express from "express";
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/**
 * The server's logger: one JSON object per line in production (for journald, jq or a log
 * shipper); in development, when pino-pretty (a dev dependency) is there, one readable line per
 * event instead ("[12:01:02] INFO: GET /browse 200 4.02 ms HIT f6d219d30845"), errors with their
 * stack. Written to standard output, or to `destination` (tests read what was written).
 */
export function createLogger(mode: string, destination?: DestinationStream): Logger {
  const options = {
    base: undefined, // no pid or hostname on every line: journald keeps both
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  const pretty = mode === "development" ? prettyPrinter() : null;
  if (pretty) {
    return pino(
      options,
      pretty({
        destination: destination ?? 1,
        colorize: !destination && process.stdout.isTTY,
        translateTime: "SYS:HH:MM:ss",
        // A request is its line; other events keep their fields (an error, its stack).
        messageFormat: (log, key) =>
          log.msg === "request"
            ? [log.method, log.path, log.status, `${log.ms} ms`, log.cache, log.reqId].filter(Boolean).join(" ")
            : `${log[key]}${log.reqId ? ` ${log.reqId}` : ""}`,
        ignore: "reqId,method,path,status,ms,cache,ip",
        sync: true,
      }),
    );
  }
  return destination ? pino(options, destination) : pino(options);
}

/** pino-pretty when it is installed (development), else null: production installs may leave it out. */
function prettyPrinter(): typeof import("pino-pretty") | null {
  try {
    return createRequire(import.meta.url)("pino-pretty");
  } catch {
    return null;
  }
}

/** A short random id for one request: in its log lines, its X-Request-Id header, its error page. */
export function newRequestId(): string {
  return crypto.randomBytes(6).toString("hex");
}

declare global {
  namespace Express {
    interface Request {
      /** Set by requestLog for every request that reaches it. */
      id?: string;
    }
  }
}

/** Gives each request an id, sent back as X-Request-Id (first middleware, so every answer has one). */
export function requestId(): express.RequestHandler {
  return (req, res, next) => {
    req.id = newRequestId();
    res.setHeader("X-Request-Id", req.id);
    next();
  };
}

/** Probes that poll all day: answered without a log line. */
const QUIET = new Set(["/healthz", "/metrics"]);

/**
 * One line per request when its answer is finished (or the client went away): time, request
 * id, method, path (no query string: searches can hold names and phone numbers), status,
 * milliseconds, page-cache status, and the client's address as TRUST_PROXY decides. Mounted after
 * the static files, so photos and built assets are not logged. Server errors are logged with
 * their stack by whoever catches them (Remix's handleError, the last-resort handler), once,
 * with the same id.
 */
export function requestLog(logger: Logger): express.RequestHandler {
  return (req, res, next) => {
    if (QUIET.has(req.path)) return next();
    const started = process.hrtime.bigint();
    const done = () => {
      res.off("finish", done);
      res.off("close", done);
      const line = {
        reqId: req.id,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        cache: res.getHeader("X-Cache"),
        ip: req.ip,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}
