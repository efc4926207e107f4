import type express from "express";
import { type RateLimitInfo, rateLimit } from "express-rate-limit";
import { LEAD_POSTS_PER_WINDOW, LEAD_WINDOW_MS, WRITES_PER_MINUTE } from "../app/config/constants";
import { pleaseWait } from "../app/lib/bot-trap";

/**
 * Write budgets per client address (GETs are never limited; the page cache carries those).
 * - Buyers' leads, from the routes that declare `leads` (app/lib/edge.ts): the page forms
 *   (bookings, messages, the newsletter, loan applications) and their JSON APIs share one budget
 *   sized for a mobile network where many buyers share one public address. Over it, a page form
 *   is not refused here: the action re-renders it with what was typed and "Please wait N seconds
 *   and send again" (it learns N from `req.leadRetryAfter`); a JSON API gets 429 with
 *   Retry-After. Scripts are caught by the honeypot and the signed stamp's fill time instead.
 * - Everything else that writes (the other APIs, the back office): WRITES_PER_MINUTE; APIs get
 *   429 with Retry-After and a JSON error, pages a short text.
 */

declare module "express-serve-static-core" {
  interface Request {
    /** Seconds until this address may post a lead form again (set only when over budget). */
    leadRetryAfter?: number;
    /** What express-rate-limit found for this request. */
    rateLimit?: RateLimitInfo;
  }
}

/** A buyer's lead: a POST to a route that declares `leads`. */
const isLeadPost = (req: express.Request) => req.method === "POST" && !!req.edge?.policy.leads;

const isWrite = (req: express.Request) => req.method !== "GET" && req.method !== "HEAD";

const secondsUntil = (reset: Date | undefined, fallbackMs: number) =>
  Math.max(1, Math.ceil(((reset?.getTime() ?? Date.now() + fallbackMs) - Date.now()) / 1000));

export function rateLimits(): express.RequestHandler[] {
  const leads = rateLimit({
    windowMs: LEAD_WINDOW_MS,
    limit: LEAD_POSTS_PER_WINDOW,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    skip: (req) => !isLeadPost(req),
    handler: (req, res, next) => {
      const wait = secondsUntil(req.rateLimit?.resetTime, LEAD_WINDOW_MS);
      if (req.edge?.policy.leads === "form") {
        req.leadRetryAfter = wait;
        return next();
      }
      res.setHeader("Retry-After", String(wait));
      res.status(429).json({ error: pleaseWait(wait) });
    },
  });
  const writes = rateLimit({
    windowMs: 60_000,
    limit: WRITES_PER_MINUTE,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    skip: (req) => !isWrite(req) || isLeadPost(req),
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
