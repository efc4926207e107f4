// `npm run main-thread`: what each public page costs the browser's main thread while it loads, in
// CPU time (the thread's own time, so another process taking the processor does not count,
// unlike Lighthouse's wall-clock figures on a busy machine). Chromium (headless, no throttling,
// a 412 px phone screen) loads each page of the production build with the demo inventory
// MAIN_THREAD_RUNS times (5) after one warm-up load (the page cache then answers), recording a
// trace until 3 s after `load`; each task's own time (its children's subtracted) is put in the
// same groups as Lighthouse's main-thread breakdown, and the table shows each group's median.
// Options (env): CHROMIUM_PATH, BUILD_DIR, MAIN_THREAD_RUNS, MAIN_THREAD_PAGES (as LIGHTHOUSE_PAGES).
import { chromium } from "playwright-core";
import { carPath } from "../app/lib/car";
import { ensureBuild, makeTempDirs, runScript, startServer } from "./bench/server";
import { type Cell, formatTable } from "./bench/table";

const RUNS = Math.max(1, Number(process.env.MAIN_THREAD_RUNS ?? 5) || 5);

/** Trace event names by Lighthouse's groups (the ones that matter here; the rest is "other"). */
const GROUPS: Record<string, string> = {
  EvaluateScript: "script",
  FunctionCall: "script",
  TimerFire: "script",
  EventDispatch: "script",
  "v8.evaluateModule": "script",
  FireIdleCallback: "script",
  FireAnimationFrame: "script",
  RunMicrotasks: "script",
  "v8.compile": "script",
  "v8.compileModule": "script",
  "V8.CompileCode": "script",
  UpdateLayoutTree: "style/layout",
  RecalculateStyles: "style/layout",
  Layout: "style/layout",
  ParseAuthorStyleSheet: "style/layout",
  ParseHTML: "parse HTML",
  Paint: "paint",
  PrePaint: "paint",
  Layerize: "paint",
  MinorGC: "GC",
  MajorGC: "GC",
};

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; beginData?: { url?: string } };
}

/** CPU ms per group on the renderer's main thread, each event's own time. */
function breakdown(events: TraceEvent[]): Record<string, number> {
  // The renderer that parsed the page (a navigation may start a new renderer process).
  const main = events.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url?.startsWith("http"));
  const mine = events
    .filter((e) => e.ph === "X" && main && e.pid === main.pid && e.tid === main.tid && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals: Record<string, number> = { script: 0, "style/layout": 0, "parse HTML": 0, paint: 0, GC: 0, total: 0 };
  const stack: { end: number; group: string | null; child: number; own: number }[] = [];
  const close = (until: number) => {
    for (let top = stack.at(-1); top && top.end <= until; top = stack.at(-1)) {
      stack.pop();
      const own = Math.max(0, top.own - top.child);
      if (stack.length === 0) totals.total += top.own;
      // An event of no group (a GC step, a task) counts for the nearest grouped event around it.
      let group = top.group;
      for (let i = stack.length - 1; !group && i >= 0; i--) group = stack[i].group;
      if (group) totals[group] += own;
    }
  };
  for (const e of mine) {
    close(e.ts);
    const own = (e.tdur ?? 0) / 1000;
    if (stack.length) stack[stack.length - 1].child += own;
    stack.push({ end: e.ts + (e.dur ?? 0), group: GROUPS[e.name] ?? null, child: 0, own });
  }
  close(Number.POSITIVE_INFINITY);
  return totals;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main() {
  ensureBuild();
  const dirs = makeTempDirs("dealer-main-thread");
  console.log("Starting the production server with the demo inventory (SEED_DEMO=1) ...");
  const server = await startServer(dirs, { SEED_DEMO: "1" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const rows: Record<string, Cell>[] = [];
  try {
    const recent = (await (await fetch(`${server.url}/api/cars/recent`)).json()) as Parameters<typeof carPath>[0][];
    const all = ["/", "/browse", "/financing", carPath(recent[0])];
    const only = process.env.MAIN_THREAD_PAGES?.split(",").map((p) => (p.trim() === "car" ? all[3] : p.trim()));
    for (const page of only?.length ? only : all) {
      const runs: Record<string, number>[] = [];
      for (let run = 0; run <= RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        const events: TraceEvent[] = [];
        cdp.on("Tracing.dataCollected", (e) => void events.push(...(e.value as unknown as TraceEvent[])));
        const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
        await cdp.send("Tracing.start", {
          categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8,__metadata",
          transferMode: "ReportEvents",
        });
        await tab.goto(server.url + page, { waitUntil: "load" });
        await tab.waitForTimeout(3000);
        await cdp.send("Tracing.end");
        await complete;
        await context.close();
        // The first load warms the page cache and the server: not counted.
        if (run > 0) runs.push(breakdown(events));
      }
      const row: Record<string, Cell> = { page };
      for (const key of Object.keys(runs[0])) row[`${key} ms`] = Math.round(median(runs.map((r) => r[key])));
      rows.push(row);
      console.log(`  ${page}: done`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(
    `\n${formatTable(`MAIN-THREAD CPU while loading (thread time, no throttling, 412 px), median of ${RUNS}`, rows)}`,
  );
}

runScript(main);
