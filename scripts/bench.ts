// Load test of the public pages and API on loopback: `npm start` in one terminal, then
// `npm run bench` (BENCH_URL, BENCH_SECONDS, BENCH_CONNECTIONS to change the defaults).
// Bounded in time and aimed only at this machine.
import autocannon from "autocannon";

const base = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
if (!/^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(base)) {
  console.error("BENCH_URL must be a loopback address.");
  process.exit(1);
}
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const paths = [
  "/",
  "/browse",
  "/browse?body_type=SUV&condition=Used&minPrice=10000000",
  "/api/cars/recent",
  "/api/cars?q=toyota",
  "/cars/1",
  "/healthz",
];

const rows: Record<string, string | number>[] = [];
for (const path of paths) {
  const result = await autocannon({ url: base + path, duration, connections, headers: { "accept-encoding": "gzip" } });
  rows.push({
    path,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "non-2xx": result.non2xx,
    errors: result.errors,
  });
}
console.table(rows);
