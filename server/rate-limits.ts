import type express from "express";
import { type RateLimitInfo, rateLimit } from "express-rate-limit";
import { LEAD_POSTS_PER_WINDOW, LEAD_WINDOW_MS, WRITES_PER_MINUTE } from "../app/config/constants";

/**
 * Write budgets per client address (GETs are never limited; the page cache carries those).
 * - Public lead forms (bookings, messages, the newsletter, loan applications): a budget sized for
 *   a mobile network where many buyers share one public address. Over it, the page is not
 *   refused here: the action re-renders the form with what was typed and "Please wait N seconds
 *   and send again" (it learns N from `req.leadRetryAfter`). Scripts are caught by the forms'
 *   honeypot and minimum fill time instead.
 * - Everything else that writes (the JSON APIs, the back office): WRITES_PER_MINUTE; APIs get 429
 *   with Retry-After and a JSON error, pages a short text.
 */

declare module "express-serve-static-core" {
  interface Request {
    /** Seconds until this address may post a lead form again (set only when over budget). */
    leadRetryAfter?: number;
    /** What express-rate-limit found for this request. */
    rateLimit?: RateLimitInfo;
  }
}

const LEAD_PAGES = /^\/(|_root\.data|book-inspection|browse|connect|loan-application|financing\/\d+)(\.data)?$/;

export function isLeadPagePost(method: string, path: string): boolean {
  return method === "POST" && LEAD_PAGES.test(path);
}

const isWrite = (req: express.Request) => req.method !== "GET" && req.method !== "HEAD";

const secondsUntil = (reset: Date | undefined, fallbackMs: number) =>
  Math.max(1, Math.ceil(((reset?.getTime() ?? Date.now() + fallbackMs) - Date.now()) / 1000));

export function rateLimits(): express.RequestHandler[] {
  const leads = rateLimit({
    windowMs: LEAD_WINDOW_MS,
    limit: LEAD_POSTS_PER_WINDOW,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    skip: (req) => !isLeadPagePost(req.method, req.path),
    handler: (req, _res, next) => {
      req.leadRetryAfter = secondsUntil(req.rateLimit?.resetTime, LEAD_WINDOW_MS);
      next();
    },
  });
  const writes = rateLimit({
    windowMs: 60_000,
    limit: WRITES_PER_MINUTE,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    skip: (req) => !isWrite(req) || isLeadPagePost(req.method, req.path),
    handler: (req, res) => {
      const wait = secondsUntil(req.rateLimit?.resetTime, 60_000);
      res.setHeader("Retry-After", String(wait));
      const message = `Too many requests. Please wait ${wait} seconds and try again.`;
      if (req.path.startsWith("/api/")) res.status(429).json({ error: message });
      else res.status(429).type("text/plain").send(message);
    },
  });
  return [leads, writes];
}
