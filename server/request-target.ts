import type express from "express";
import type { Logger } from "../app/config/logger.server";
import { lingerThenClose } from "./body-limits";
import { KNOWN_METHODS } from "./request-hygiene";

/**
 * The request target and Host, judged once, before anything else reads them (docs/architecture.md,
 * "A request's path"). Express would take the target as it was sent, while the URL the Fetch
 * request for Remix is built from resolves `..`, `.`, `\` and `%2e`: so a target must already be in
 * the form that URL keeps, or it is refused. After this, `req.url` is the one path every later step
 * judges: the static files, the route's limits, the page cache and Remix.
 */

const BAD_REQUEST = "Bad request: the address or the Host header is not valid.";

export interface Target {
  /** The path and query, in origin form (`/about?x=1`). */
  pathAndQuery: string;
  /** The host an absolute-form target names (it replaces the Host header); null for origin form. */
  host: string | null;
}

/**
 * A request target as HTTP/1.1 allows it to a server: origin form (`/path?query`), or absolute form
 * (`http://host/path?query`), which is answered as its path. Null when it is malformed: no
 * leading `/`, a fragment, another scheme, or a path the URL parser would turn into another path
 * (dot segments, backslashes, characters a browser would have percent-encoded). `*` (asterisk form)
 * is judged by the caller: only OPTIONS may use it.
 */
export function parseTarget(raw: string): Target | null {
  let rest = raw;
  let host: string | null = null;
  const absolute = /^https?:\/\/([^/?#]*)/i.exec(raw);
  if (absolute) {
    host = absolute[1];
    rest = raw.slice(absolute[0].length);
    if (!rest.startsWith("/")) rest = `/${rest}`;
  }
  if (!rest.startsWith("/") || rest.includes("#")) return null;
  const q = rest.indexOf("?");
  const path = q < 0 ? rest : rest.slice(0, q);
  try {
    // The prefix keeps a path that starts with two slashes a path (never a host).
    if (new URL(`http://x${path}`).pathname !== path) return null;
  } catch {
    return null;
  }
  return { pathAndQuery: rest, host };
}

const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{0,5}))?$/;

/** A Host header value the server can build a URL from: a name or an address, and a port up to 65535. */
export function validHost(host: string): boolean {
  const m = HOST.exec(host);
  if (!m || Number(m[1] ?? 0) > 65535) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The host the visitor asked for, as sent: X-Forwarded-Host (its first value) only from a proxy
 * `trust proxy` names, else the Host header.
 */
export function hostHeader(req: express.Request): string {
  const trusted = req.app.get("trust proxy fn")(req.socket.remoteAddress ?? "", 0);
  const raw = (trusted && req.get("x-forwarded-host")) || req.get("host") || "";
  return raw.split(",")[0].trim();
}

/**
 * Refuses a malformed target or Host with a plain 400 and one log line (never a 500 or a stack
 * trace); answers `OPTIONS *` (a question about the server as a whole) with its methods; rewrites
 * an absolute-form target to its path, its host becoming the Host header. A request without a
 * Host (HTTP/1.0) is taken as one for the site's own host.
 */
export function requestTarget({ logger, siteHost }: { logger: Logger; siteHost: string }): express.RequestHandler {
  return (req, res, next) => {
    const answer = (status: number) => {
      logger.info(
        // The target as sent, without its query (it can hold names and numbers), cut short.
        { reqId: req.id, method: req.method, target: req.url.split("?")[0].slice(0, 200), status, ip: req.ip },
        "request",
      );
      if (status === 204) return void res.status(204).setHeader("Allow", KNOWN_METHODS.join(", ")).end();
      res.setHeader("Connection", "close");
      lingerThenClose(req);
      res.status(400).type("text/plain").send(BAD_REQUEST);
    };
    const asterisk = req.url === "*";
    const target = asterisk ? null : parseTarget(req.url);
    if (!target && !(asterisk && req.method === "OPTIONS")) return answer(400);
    if (target?.host != null) req.headers.host = target.host;
    else if (!req.get("host")) req.headers.host = siteHost;
    // A trusted proxy's X-Forwarded-Proto counts too (req.protocol).
    if (!validHost(hostHeader(req)) || !/^https?$/.test(req.protocol)) return answer(400);
    if (!target) return answer(204);
    if (target.pathAndQuery !== req.url) {
      req.url = target.pathAndQuery;
      req.originalUrl = req.url;
    }
    next();
  };
}
