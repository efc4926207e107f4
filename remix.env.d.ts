/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch is on (remix.config.js): type loader and action data accordingly.
import "@remix-run/node";
import type { Logger } from "pino";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// What server/app.ts hands every loader, action and entry.server function as `context`.
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The client's address, worked out once by the server (TRUST_PROXY decides whether a forwarded one counts). */
    clientIp: string;
    /** A lead form over its address's budget (server/rate-limits.ts): the seconds to wait; else unset. */
    leadRetryAfter?: number;
    /** This request's id: in its log lines, its X-Request-Id header and its error page. */
    requestId: string;
    /** The server's logger, bound to this request's id. */
    logger: Logger;
  }
}
