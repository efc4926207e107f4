import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type express from "express";

/**
 * Express request/response <-> Fetch API Request/Response, for Remix. The URL honours the
 * `trust proxy` setting (req.protocol, req.hostname); the Request is aborted if the visitor
 * goes away before the answer is sent.
 */
export function toFetchRequest(req: express.Request, res: express.Response): Request {
  const port = /:(\d+)$/.exec(req.get("x-forwarded-host") ?? req.get("host") ?? "")?.[1];
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
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
