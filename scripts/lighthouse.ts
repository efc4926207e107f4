// `npm run lighthouse`: Lighthouse 12 (mobile defaults: simulated slow 4G, 4x CPU slowdown) on the
// public pages of the production build, served with the 64-car demo inventory from a temporary
// folder. Debian's Chromium runs headless with every host except loopback made unresolvable, so
// nothing is fetched from the internet; any request that tried is listed.
// Each page is audited LIGHTHOUSE_RUNS times (3 by default) and the table shows each figure's median,
// since one run on a shared machine is noisy. Script evaluation and style/layout are the main-thread
// time (simulated 4x CPU) Lighthouse's "main-thread work" audit gives those groups.
// Options (env): CHROMIUM_PATH (/usr/bin/chromium), BUILD_DIR (as for server.ts), LIGHTHOUSE_RUNS,
// LIGHTHOUSE_PAGES (comma-separated paths; "car" is the car page), LIGHTHOUSE_JSON_DIR.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { carPath } from "../app/lib/car";
import { ensureBuild, makeTempDirs, onCleanup, runScript, startServer } from "./bench/server";
import { type Cell, formatTable } from "./bench/table";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Only the local server resolves: no update check, font or analytics request can leave the machine.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

interface NetworkItem {
  url: string;
}

interface WorkItem {
  group: string;
  duration: number;
}

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Lighthouse's trace recording now and then fails on a loaded machine (NO_NAVSTART, NO_FCP):
 * such a page is audited again, up to three times; any other failure stops the run. */
const RETRIED = new Set(["NO_NAVSTART", "NO_FCP", "NO_LCP"]);

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

async function audit(url: string, port: number): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", disableFullPageScreenshot: true });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const code = result.lhr.runtimeError?.code;
    if (!code || !RETRIED.has(code) || attempt === 3) return result.lhr;
    console.log(`  ${code}: trace not recorded, auditing again (attempt ${attempt + 1} of 3)`);
  }
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium'.`);
  }
  const t0 = performance.now();
  ensureBuild();
  const dirs = makeTempDirs("dealer-lighthouse");
  console.log("Starting the production server with the demo inventory (SEED_DEMO=1) ...");
  const server = await startServer(dirs, { SEED_DEMO: "1" });
  const base = server.url;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  onCleanup(() => chrome?.kill());
  const rows: Record<string, Cell>[] = [];
  const external = new Set<string>();
  const warnings: string[] = [];
  let version = "12";
  try {
    const recent = (await (await fetch(`${base}/api/cars/recent`)).json()) as {
      id: number;
      make: string;
      model: string;
      year: number;
    }[];
    if (!recent.length) throw new Error("The demo inventory has no unsold car");
    // The car's canonical URL (the bare /cars/<id> answers 301 to it).
    const all = ["/", "/browse", "/financing", carPath(recent[0])];
    // LIGHTHOUSE_PAGES=/,/browse audits only those (use "car" for the car page).
    const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((p) => (p.trim() === "car" ? all[3] : p.trim()));
    const pages = only?.length ? only : all;

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROME_FLAGS,
      handleSIGINT: false,
      logLevel: "silent",
    });
    for (const page of pages) {
      const runs: Record<string, number>[] = [];
      for (let run = 1; run <= RUNS; run++) {
        console.log(`Lighthouse (mobile): ${page}, run ${run} of ${RUNS} ...`);
        const lhr = await audit(base + page, chrome.port);
        // LIGHTHOUSE_JSON_DIR=<folder> keeps each page's full report, to see why a score moved.
        if (process.env.LIGHTHOUSE_JSON_DIR) {
          fs.mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
          const name = page.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
          fs.writeFileSync(path.join(process.env.LIGHTHOUSE_JSON_DIR, `${name}-${run}.json`), JSON.stringify(lhr));
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${page}: ${lhr.runtimeError.message}`);
        version = lhr.lighthouseVersion;
        for (const w of lhr.runWarnings) warnings.push(`${page}: ${w}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const requests =
          (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
        for (const { url } of requests) {
          if (!/^(data|blob):/.test(url) && new URL(url).origin !== new URL(base).origin) external.add(url);
        }
        const work = (lhr.audits["mainthread-work-breakdown"]?.details as { items?: WorkItem[] } | undefined)?.items;
        const group = (name: string) => work?.find((w) => w.group === name)?.duration ?? Number.NaN;
        runs.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          "best practices": score("best-practices"),
          SEO: score("seo"),
          "FCP ms": Math.round(value("first-contentful-paint")),
          "LCP ms": Math.round(value("largest-contentful-paint")),
          "TBT ms": Math.round(value("total-blocking-time")),
          CLS: Math.round(value("cumulative-layout-shift") * 1000) / 1000,
          "script eval ms": Math.round(group("scriptEvaluation")),
          "style/layout ms": Math.round(group("styleLayout")),
          "total KB": Math.round(value("total-byte-weight") / 1024),
          requests: requests.length,
          // Lighthouse's own measure of this machine's CPU at that moment (higher is faster).
          "benchmark index": Math.round(lhr.environment.benchmarkIndex),
        });
      }
      const row: Record<string, Cell> = { page };
      for (const key of Object.keys(runs[0])) row[key] = median(runs.map((r) => r[key]));
      if (RUNS > 1) row["perf (runs)"] = runs.map((r) => r.performance).join("/");
      rows.push(row);
    }
  } finally {
    chrome?.kill();
    chrome = undefined;
    await server.stop();
  }

  console.log(
    `\n${formatTable(
      `LIGHTHOUSE ${version} MOBILE: median of ${RUNS} run(s), simulated slow 4G, 4x CPU slowdown; ` +
        "demo inventory, production build, loopback",
      rows,
    )}`,
  );
  console.log(
    external.size
      ? `\nRequests to other hosts (blocked, never resolved):\n${[...external].map((u) => `  ${u}`).join("\n")}`
      : "\nNo request left the local server.",
  );
  if (warnings.length) console.log(`\nLighthouse warnings:\n${warnings.map((w) => `  ${w}`).join("\n")}`);
  console.log(`\nTotal time ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
}

runScript(main);
