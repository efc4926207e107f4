import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/**
 * A logger: one JSON object per line in production (for journald, jq or a log shipper); in
 * development, when pino-pretty (a dev dependency) is there, one readable line per event instead
 * ("[12:01:02] INFO: GET /browse 200 4.02 ms HIT f6d219d30845"), errors with their stack. Written
 * to standard output, or to `destination` (tests read what was written).
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

/**
 * The process's logger, on standard output: start-up, the jobs, and models that have no request
 * in hand use it. Code serving a request logs through `context.logger` (the load context), which
 * carries the request's id. NODE_ENV as app/config/env.server.ts reads it (unset: development).
 */
export const logger: Logger = createLogger(process.env.NODE_ENV ?? "development");
