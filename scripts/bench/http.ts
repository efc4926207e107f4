// A tiny keep-alive HTTP client that hands back the bytes exactly as they came over the wire
// (no decompression), and the latency maths the bench tables use.
import http from "node:http";
import zlib from "node:zlib";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (compressed when content-encoding says so). */
  wire: Buffer;
  ms: number;
}

export function get(
  url: string,
  opts: { agent?: http.Agent; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent: opts.agent, headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          wire: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      res.on("error", reject);
    });
    req.setTimeout(opts.timeoutMs ?? 10_000, () =>
      req.destroy(new Error(`timeout after ${opts.timeoutMs ?? 10_000} ms: ${url}`)),
    );
    req.on("error", reject);
  });
}

/** The body of a response, decompressed when it was gzip, deflate or br. */
export function decoded(res: RawResponse): Buffer {
  switch (res.headers["content-encoding"]) {
    case "gzip":
      return zlib.gunzipSync(res.wire);
    case "deflate":
      return zlib.inflateSync(res.wire);
    case "br":
      return zlib.brotliDecompressSync(res.wire);
    default:
      return res.wire;
  }
}

/** Nearest-rank percentile of samples (ms); NaN for no samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
