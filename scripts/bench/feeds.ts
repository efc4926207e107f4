// The catalogue feeds and the view counter under load, for `npm run bench` (sections feeds, views).
import autocannon from "autocannon";
import { decoded, get, percentile } from "./http";
import { startServer, type TempDirs } from "./server";
import type { Cell } from "./table";

const ENCODING = { "accept-encoding": "gzip, br" };
/** A phone's browser: the counter counts it (autocannon's own user agent is counted too, but say so plainly). */
const BROWSER = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile";

/** Turns the Meta feed on through the owner's API. */
export async function turnFeedOn(base: string, token: string): Promise<void> {
  const res = await fetch(`${base}/api/admin/settings`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ catalogueFeed: true }),
  });
  if (!res.ok) throw new Error(`Turning the catalogue feed on answered ${res.status}: ${await res.text()}`);
}

/** Each feed fetched `times` times (plain and gzip) and once more with its ETag: time and bytes. */
export async function feedRows(base: string, times = 3): Promise<Record<string, Cell>[]> {
  const rows: Record<string, Cell>[] = [];
  for (const path of ["/feeds/meta-vehicles.csv", "/feeds/new-arrivals.xml"]) {
    const plain: number[] = [];
    let bytes = 0;
    let lines = 0;
    for (let i = 0; i < times; i++) {
      const r = await get(base + path, { timeoutMs: 120_000 });
      if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}`);
      plain.push(r.ms);
      bytes = r.wire.length;
      const text = r.wire.toString("utf8");
      lines = path.endsWith(".csv") ? text.split("\r\n").length - 2 : (text.match(/<item>/g) ?? []).length;
    }
    const zipped = await get(base + path, { headers: ENCODING, timeoutMs: 120_000 });
    const etag = String(zipped.headers.etag ?? "");
    const again = etag ? await get(base + path, { headers: { ...ENCODING, "if-none-match": etag } }) : null;
    rows.push({
      feed: path,
      items: lines,
      "median ms": percentile(plain, 50),
      "max ms": Math.max(...plain),
      MB: bytes / 1048576,
      "gzip/br MB": zipped.wire.length / 1048576,
      encoding: String(zipped.headers["content-encoding"] ?? "none"),
      "unchanged (ETag)": again ? `${again.status} in ${Math.round(again.ms)} ms` : "page cache",
      "x-cache": String(zipped.headers["x-cache"] ?? "-"),
    });
    decoded(zipped); // the compressed answer must decode
  }
  return rows;
}

interface Rate {
  rps: number;
  p99: number;
  errors: number;
}

async function rate(url: string, seconds: number, newVisitors: boolean): Promise<Rate> {
  let n = 0;
  const r = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers: { ...ENCODING, "user-agent": BROWSER },
    requests: [
      {
        // With TRUST_PROXY=loopback each request can name another client: every one a new visitor.
        setupRequest: (req) =>
          newVisitors
            ? {
                ...req,
                headers: { ...req.headers, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}` },
              }
            : req,
      },
    ],
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * The cached car page's req/s with view counting on and off: two servers on the same data, one
 * with COUNT_VIEWS=off, measured in turns (short runs, `rounds` of each) so that whatever else the
 * machine does lands on both sides alike; the median run of each side is reported. "Same visitor":
 * every request after the first is found among the day's marks; "new visitor": each request names
 * another client (X-Forwarded-For, TRUST_PROXY=loopback), so each one is hashed, remembered and
 * counted.
 */
export async function viewCountingRows(
  dirs: TempDirs,
  carPage: string,
  seconds: number,
  rounds = 4,
): Promise<{ rows: Record<string, Cell>[]; drop: number }> {
  const servers = {
    on: await startServer(dirs, { COUNT_VIEWS: "on", TRUST_PROXY: "loopback" }),
    off: await startServer(dirs, { COUNT_VIEWS: "off", TRUST_PROXY: "loopback" }),
  };
  const runs = {
    on: { same: [] as Rate[], fresh: [] as Rate[] },
    off: { same: [] as Rate[], fresh: [] as Rate[] },
  };
  try {
    for (const s of Object.values(servers)) {
      for (let i = 0; i < 3; i++) await get(s.url + carPage, { headers: { ...ENCODING, "user-agent": BROWSER } });
      await rate(s.url + carPage, 2, true); // warm-up: the JIT, the marks' first growth
    }
    for (let round = 0; round < rounds; round++) {
      for (const counting of round % 2 ? (["off", "on"] as const) : (["on", "off"] as const)) {
        const url = servers[counting].url + carPage;
        runs[counting].same.push(await rate(url, seconds, false));
        runs[counting].fresh.push(await rate(url, seconds, true));
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
  const median = (xs: Rate[]) =>
    percentile(
      xs.map((x) => x.rps),
      50,
    );
  const rows = (["on", "off"] as const).map((counting) => ({
    counting,
    "req/s, same visitor": median(runs[counting].same),
    "req/s, new visitor each request": median(runs[counting].fresh),
    "p99 ms (worst run)": Math.max(...[...runs[counting].same, ...runs[counting].fresh].map((r) => r.p99)),
    "errors+non-2xx": [...runs[counting].same, ...runs[counting].fresh].reduce((n, r) => n + r.errors, 0),
  }));
  const drop = Math.max(
    1 - median(runs.on.same) / median(runs.off.same),
    1 - median(runs.on.fresh) / median(runs.off.fresh),
  );
  return { rows, drop };
}
