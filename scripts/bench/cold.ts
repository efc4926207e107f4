// Cold renders: every URL asked exactly once, by a few keep-alive connections pulling from one
// shared list, so the server can answer none of them from a cache.
import http from "node:http";
import { get, percentile } from "./http";

/** `/browse` pages 1..pageCount for a filter query ("" for none); page 1 has no page parameter. */
export function browseWalk(pageCount: number, filterQuery = ""): string[] {
  const urls: string[] = [];
  for (let page = 1; page <= pageCount; page++) {
    const params = new URLSearchParams(filterQuery);
    if (page > 1) params.append("page", String(page));
    const qs = params.toString();
    urls.push(`/browse${qs ? `?${qs}` : ""}`);
  }
  return urls;
}

export interface WalkResult {
  urls: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** Answers the server labelled as cache hits (an `x-cache: HIT` header): a cold walk wants 0. */
  cacheHits: number;
}

/** Requests every path once over `connections` keep-alive connections. */
export async function walk(base: string, paths: string[], connections: number): Promise<WalkResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let cacheHits = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      try {
        const res = await get(base + path, { agent, headers: { "accept-encoding": "gzip, br" } });
        latencies.push(res.ms);
        if (res.status < 200 || res.status > 299) non2xx++;
        if (/\bhit\b/i.test(String(res.headers["x-cache"] ?? ""))) cacheHits++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    urls: paths.length,
    seconds,
    rps: paths.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.length ? Math.max(...latencies) : Number.NaN,
    errors,
    non2xx,
    cacheHits,
  };
}
