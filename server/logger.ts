import crypto from "node:crypto";
import type express from "express";
import type { Logger } from "../app/config/logger.server";

/** A short random id for one request: in its log lines, its X-Request-Id header, its error page. */
function newRequestId(): string {
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
