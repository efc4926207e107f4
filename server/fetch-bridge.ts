import type { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type express from "express";
import { hostHeader } from "./request-target";

declare module "express-serve-static-core" {
  interface Request {
    /** The URL of the Fetch request Remix gets, made once (server/route-policies.ts matches its path). */
    fetchUrl?: URL;
  }
}

/**
 * The URL Remix will see for this request, made once: the route's limits are judged on its path
 * (server/route-policies.ts), so they always concern the route Remix runs. It honours the
 * `trust proxy` setting (req.protocol, req.hostname). server/request-target.ts has already
 * refused every target and Host this URL would change or could not be made from.
 */
export function fetchUrl(req: express.Request): URL {
  req.fetchUrl ??= new URL(`${req.protocol}://${requestHost(req)}${req.originalUrl}`);
  return req.fetchUrl;
}

/**
 * Express request/response <-> Fetch API Request/Response, for Remix. The body is the one
 * server/body-limits.ts read or counted, never the raw stream; the Request is aborted if the
 * visitor goes away before the answer is sent.
 */
export function toFetchRequest(req: express.Request, res: express.Response): Request {
  const url = fetchUrl(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // Remix's own same-origin check believes X-Forwarded-Host from anyone: it gets the host this
  // server decided instead (the URL's, honouring TRUST_PROXY).
  headers.delete("x-forwarded-host");
  headers.set("host", url.host);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.bufferedBody) {
    init.body = new Uint8Array(req.bufferedBody);
  } else if (req.countedBody) {
    init.body = createReadableStreamFromReadable(req.countedBody as Readable);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The host (and port) the visitor asked for: X-Forwarded-Host only when `trust proxy` says the
 * proxy in front may be believed (req.hostname honours it), else the Host header.
 */
function requestHost(req: express.Request): string {
  const port = /:(\d+)$/.exec(hostHeader(req))?.[1];
  return `${req.hostname}${port ? `:${port}` : ""}`;
}

/** Streams a Fetch Response to Express (used for answers that are not read in full first). */
export async function sendFetchResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name.toLowerCase() !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
