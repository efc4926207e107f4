// Page weight: the HTML, plus every script and stylesheet the page loads up front (script src,
// modulepreload, stylesheet links, the imports of inline module scripts) and, transitively, the
// static imports inside those scripts (the Remix compiler splits shared chunks). Dynamic import()
// and route prefetches are left out: the browser loads them later, if at all.
import { gzipSync } from "node:zlib";
import { decoded, get } from "./http";

export interface PageRefs {
  scripts: string[];
  styles: string[];
}

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    out[m[1].toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? "").replace(/&amp;/g, "&");
  }
  return out;
}

/** Specifiers of the static imports and re-exports in a module (never `import(...)`). */
export function staticImports(js: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?(["'])([^"'\n]+)\1/g;
  for (const m of js.matchAll(re)) out.push(m[2]);
  return out;
}

/** The scripts and stylesheets an HTML page asks for before anything runs. */
export function pageRefs(html: string): PageRefs {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const a = attrs(m[2]);
    if (m[1].toLowerCase() === "script") {
      if (a.src) scripts.push(a.src);
      continue;
    }
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (!a.href) continue;
    if (rel.includes("modulepreload")) scripts.push(a.href);
    else if (rel.includes("stylesheet")) styles.push(a.href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attrs(m[1]);
    if (!a.src && (a.type ?? "").toLowerCase() === "module") scripts.push(...staticImports(m[2]));
  }
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

export interface PageWeight {
  htmlBytes: number;
  htmlGzip: number;
  jsFiles: number;
  jsGzip: number;
  cssFiles: number;
  cssGzip: number;
  /** Imports found in the JS that did not answer 200 (left out of the sums). */
  missing: string[];
}

/**
 * Weighs a page on `base`: every same-origin asset fetched once with `accept-encoding: gzip`;
 * sizes are bytes on the wire (what a browser downloads). `cache` is shared between pages.
 */
export async function weighPage(
  base: string,
  pagePath: string,
  cache = new Map<string, { wire: number; text: string }>(),
): Promise<PageWeight> {
  const fetchOnce = async (url: string) => {
    let hit = cache.get(url);
    if (!hit) {
      const res = await get(url, { headers: { "accept-encoding": "gzip" } });
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
      hit = { wire: res.wire.length, text: decoded(res).toString("utf8") };
      cache.set(url, hit);
    }
    return hit;
  };
  const origin = new URL(base).origin;
  const pageUrl = new URL(pagePath, base).href;
  const page = await get(pageUrl, { headers: { "accept-encoding": "gzip" } });
  if (page.status !== 200) throw new Error(`GET ${pageUrl} answered ${page.status}`);
  const html = decoded(page).toString("utf8");
  const refs = pageRefs(html);
  const sameOrigin = (ref: string, from: string) => {
    const u = new URL(ref, from);
    return u.origin === origin ? u.href : null;
  };

  const js = new Set<string>();
  const missing: string[] = [];
  const queue = refs.scripts.map((s) => sameOrigin(s, pageUrl)).filter((u): u is string => !!u);
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (js.has(url) || missing.includes(url)) continue;
    const loaded = await fetchOnce(url).catch((e: Error) => e);
    if (loaded instanceof Error) {
      if (!refs.scripts.some((s) => sameOrigin(s, pageUrl) === url)) {
        missing.push(url); // an import the parser misread: report it rather than fail the run
        continue;
      }
      throw loaded;
    }
    js.add(url);
    for (const spec of staticImports(loaded.text)) {
      if (!/^(\/|\.\.?\/|https?:)/.test(spec)) continue; // bare specifiers cannot load in a browser
      const next = sameOrigin(spec, url);
      if (next && !js.has(next)) queue.push(next);
    }
  }
  const css = refs.styles.map((s) => sameOrigin(s, pageUrl)).filter((u): u is string => !!u);
  let jsGzip = 0;
  for (const url of js) jsGzip += (await fetchOnce(url)).wire;
  let cssGzip = 0;
  for (const url of css) cssGzip += (await fetchOnce(url)).wire;
  return {
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: page.headers["content-encoding"] === "gzip" ? page.wire.length : gzipSize(html),
    jsFiles: js.size,
    jsGzip,
    cssFiles: css.length,
    cssGzip,
    missing,
  };
}
/** Gzip size of a body the server sent uncompressed (below the compression threshold). */
function gzipSize(text: string): number {
  return gzipSync(Buffer.from(text)).length;
}
