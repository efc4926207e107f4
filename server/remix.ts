import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "@remix-run/node";
import type express from "express";
import { inRenderScope } from "../app/http/render-scope.server";
import {
  cacheKey,
  isStorable,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  withoutTrackingParams,
} from "./cache-policy";
import { watchCarView } from "./car-views";
import { inlineScriptHashes, withScriptSources } from "./csp";
import { sendFetchResponse, toFetchRequest } from "./fetch-bridge";
import { lowPriorityModulePreloads } from "./module-preloads";
import type { CachedPage, Encoding, PageCache } from "./page-cache";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** An answer read in full: HTML (to hash its scripts), and anything the cache may keep. */
interface Materialized {
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface RemixMiddlewareOptions {
  build: () => ServerBuild;
  mode: string;
  cache: PageCache | null;
  /** SITE_URL's host: requests for another host are answered but never kept. */
  siteHost: string;
  loadContext: (req: express.Request, res: express.Response) => AppLoadContext;
}

/**
 * Runs Remix for every request that reaches it. The request handler is made once per build
 * (not per request). HTML is read in full so its inline scripts can be allowed by hash in the
 * Content-Security-Policy; anonymous GETs of public pages and public APIs go through the page
 * cache, with ETag/304 and a Cache-Control that lets a proxy or CDN keep them briefly.
 */
export function remixMiddleware(opts: RemixMiddlewareOptions): express.RequestHandler {
  let handlerBuild: ServerBuild | null = null;
  let handler: ReturnType<typeof createRequestHandler> | null = null;
  const handle = (request: Request, context: AppLoadContext) => {
    const build = opts.build();
    if (build !== handlerBuild || !handler) {
      handler = createRequestHandler(build, opts.mode);
      handlerBuild = build;
    }
    return handler(request, context);
  };

  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res);
      const facts = { method: req.method, url: new URL(request.url), headers: request.headers };
      // A car page's view is counted once answered, whether from the cache or from Remix.
      watchCarView(req, res, facts.url);
      const key = opts.cache ? cacheKey({ ...facts, policy: req.edge?.policy ?? {} }, opts.siteHost) : null;
      if (!opts.cache || key === null) {
        const response = await handle(request, opts.loadContext(req, res));
        if (isHtml(response)) return sendMaterialized(res, await materialize(response, res), req.method);
        return await sendFetchResponse(res, response);
      }

      let own: Materialized | null = null;
      let rendered = false;
      const render = async (version: number): Promise<CachedPage | null> => {
        rendered = true;
        // A HEAD fills the cache for the GET that follows; a shared link's tracking parameters
        // (utm_source, ...) are not in the key, so the page kept is rendered without them.
        const cleanUrl = withoutTrackingParams(request.url);
        const get =
          req.method === "HEAD" || cleanUrl !== request.url
            ? new Request(cleanUrl, { headers: request.headers, signal: request.signal })
            : request;
        // A render that read a cookie or a token was made for this visitor alone: never kept.
        const { value, personal } = await inRenderScope(() => handle(get, opts.loadContext(req, res)));
        const answer = await materialize(value, res);
        if (personal || !isStorable(answer)) {
          own = answer;
          return null;
        }
        return toCachedPage(answer, version);
      };
      let found: { page: CachedPage | null; hit: boolean };
      try {
        found = await opts.cache.getOrRender(key, render);
      } catch (e) {
        if (rendered) throw e;
        found = { page: null, hit: false }; // the render we waited for failed (its visitor left): render our own below
      }
      res.setHeader("X-Cache", found.page ? (found.hit ? "HIT" : "MISS") : "BYPASS");
      if (found.page) return sendCached(req, res, found.page);
      if (own) return sendMaterialized(res, own, req.method);
      // We waited on another visitor's render whose answer could not be shared.
      const response = await handle(request, opts.loadContext(req, res));
      return sendMaterialized(res, await materialize(response, res), req.method);
    } catch (error) {
      next(error);
    }
  };
}

function isHtml(response: Response): boolean {
  return /^text\/html/i.test(response.headers.get("content-type") ?? "");
}

/**
 * Reads an answer in full. HTML gets its module preloads at low priority and its inline scripts
 * allowed by hash in the CSP.
 */
async function materialize(response: Response, res: express.Response): Promise<Materialized> {
  const headers = new Headers(response.headers);
  if (!isHtml(response)) return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
  const html = lowPriorityModulePreloads(await response.text());
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") {
    headers.set("Content-Security-Policy", withScriptSources(policy, inlineScriptHashes(html)));
  }
  return { status: response.status, headers, body: Buffer.from(html, "utf8") };
}

async function toCachedPage(answer: Materialized, version: number): Promise<CachedPage> {
  const [gz, br] = await Promise.all([
    gzip(answer.body, { level: 6 }),
    brotli(answer.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
    }),
  ]);
  const hash = crypto.createHash("sha1").update(answer.body).digest("base64url");
  const etags = { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` };
  const headers: [string, string][] = [];
  answer.headers.forEach((value, name) => {
    if (!/^(content-length|content-encoding|etag|cache-control|vary)$/i.test(name)) headers.push([name, value]);
  });
  headers.push(["Cache-Control", PUBLIC_CACHE_CONTROL], ["Vary", "Accept-Encoding"]);
  return { status: answer.status, headers, etags, version, identity: answer.body, gzip: gz, br };
}

function sendCached(req: express.Request, res: express.Response, page: CachedPage): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const encoding = preferredEncoding(req.get("accept-encoding"));
  res.setHeader("ETag", page.etags[encoding]);
  if (etagMatches(req.get("if-none-match"), page.etags[encoding])) {
    res.status(304).end();
    return;
  }
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(page.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/** Brotli when the client takes it (smallest on slow mobile data), else gzip, else plain. */
function preferredEncoding(header: string | undefined): Encoding {
  const accepted = new Set(
    (header ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

/** An answer read in full, sent as it is (compression middleware may still compress it). */
function sendMaterialized(res: express.Response, answer: Materialized, method: string): void {
  res.status(answer.status);
  answer.headers.forEach((value, name) => {
    if (name.toLowerCase() === "set-cookie") return;
    res.setHeader(name, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  // Anything answered here was not shared: no proxy or CDN may keep it.
  if (!answer.headers.has("cache-control")) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
  if (method === "HEAD") res.end();
  else res.end(answer.body);
}
