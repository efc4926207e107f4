import type { AppLoadContext } from "@remix-run/node";
import pino from "pino";

/**
 * The load context server/app.ts hands a loader or action, for tests that call one directly: a
 * client address, a request id and a logger that writes nothing; `fields` replace any of them.
 */
export function loadContext(fields: Partial<AppLoadContext> = {}): AppLoadContext {
  return { clientIp: "127.0.0.1", requestId: "test", logger: pino({ level: "silent" }), ...fields };
}
