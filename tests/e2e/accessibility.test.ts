// axe-core on every public and back-office page, at phone (390 px) and desktop (1280 px) widths,
// with the lightbox and the loan calculator's dialog open too: no serious or critical violation.
import { createRequire } from "node:module";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_NAV } from "~/components/admin/nav";
import { carPath } from "~/lib/car";
import { DESKTOP, PHONE, settled, setupE2E, type Viewport, waitForHydration } from "./harness";

const app = setupE2E({ browser: true });

/** axe's browser build, next to the module Node resolves (axe-core is a dev dependency). */
const AXE = path.join(path.dirname(createRequire(import.meta.url).resolve("axe-core")), "axe.min.js");

interface Finding {
  id: string;
  impact: string;
  help: string;
  count: number;
  targets: string[];
}

/** Runs axe on the page as it is now; answers the serious and critical violations. */
async function audit(page: Page): Promise<Finding[]> {
  await settled(page);
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    type Axe = {
      run: (
        context: Document,
        options: object,
      ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        count: v.nodes.length,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
      }));
  });
}

const report = (where: string, findings: Finding[]) =>
  findings.map((f) => `${where}: ${f.impact} ${f.id} (${f.help}) on ${f.count}: ${f.targets.join(" | ")}`).join("\n");

// The page's CSP allows only its own scripts: these contexts let the test add axe's.
let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

async function open(path: string, viewport: Viewport, opts: { admin?: boolean; saved?: number[] } = {}) {
  const context = await app.browser.newContext({
    viewport,
    bypassCSP: true,
    // The hero's slow zoom never stops otherwise, so the page would never be still enough to audit.
    reducedMotion: "reduce",
    locale: "en-NG",
    timezoneId: "Africa/Lagos",
  });
  contexts.push(context);
  if (opts.admin) await app.signIn(context);
  if (opts.saved) {
    await context.addInitScript((ids) => {
      if (location.protocol === "http:") localStorage.setItem("saved-cars", ids);
    }, opts.saved.join(","));
  }
  const page = await context.newPage();
  await page.goto(app.url(path));
  await waitForHydration(page, true);
  return page;
}

interface CarRow {
  id: number;
  make: string;
  model: string;
  year: number;
  financing: number;
}

function publicPages(): [string, string][] {
  const cars = app.rows<CarRow>("select id, make, model, year, financing from cars where sold = 0 order by id");
  const [sold] = app.rows<CarRow>("select id, make, model, year, financing from cars where sold = 1 limit 1");
  const financed = cars.find((c) => c.financing)!;
  return [
    ["home", "/"],
    ["about", "/about"],
    ["browse", "/browse"],
    ["browse sorted, filtered, page 2", "/browse?sort=price_desc&customs_duty_paid=1&page=2"],
    ["browse, nothing found", "/browse?make=NoSuchMake"],
    ["car", carPath(financed)],
    ["sold car", carPath(sold)],
    ["book inspection", "/book-inspection"],
    ["connect", "/connect"],
    ["financing", "/financing"],
    ["financing calculator dialog", `/financing/${financed.id}?percent=50&months=6&calculate=1`],
    ["loan application without one", "/loan-application"],
    ["saved, empty", "/saved"],
    [
      "compare",
      `/compare?ids=${cars
        .slice(0, 3)
        .map((c) => c.id)
        .join(",")}`,
    ],
    ["not found", "/no-such-page"],
  ];
}

function adminPages(): [string, string][] {
  const [car] = app.rows<{ id: number }>("select id from cars where sold = 0 limit 1");
  return [
    ...ADMIN_NAV.map((item) => [item.label, item.to] as [string, string]),
    ["edit car", `/admin/edit-car/${car.id}`],
    ["confirm delete", `/admin/create-listing?confirm=delete&id=${car.id}`],
    ["admin not found", "/admin/no-such-screen"],
    ["choose your password", "/admin/change-password"],
  ];
}

describe.each([
  ["390 px", PHONE],
  ["1280 px", DESKTOP],
] as const)("axe at %s", (_label, viewport) => {
  it("finds no serious or critical violation on any public page", { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    for (const [name, path] of publicPages()) {
      const page = await open(path, viewport);
      const findings = await audit(page).catch((e: Error) => [
        { id: "audit-failed", impact: "critical", help: e.message.split("\n")[0], count: 1, targets: [] },
      ]);
      if (findings.length) problems.push(report(`${name} ${path}`, findings));
      await page.context().close();
      contexts = contexts.filter((c) => c !== page.context());
    }
    expect(problems.join("\n")).toBe("");
  });

  it("finds none with saved cars listed, the car lightbox or the loan calculator open", {
    timeout: 240_000,
  }, async () => {
    const cars = app.rows<CarRow>("select id, make, model, year, financing from cars where sold = 0 order by id");
    const saved = await open("/saved", viewport, { saved: cars.slice(0, 3).map((c) => c.id) });
    await expect.poll(() => saved.getByTestId("car-card").count()).toBe(3);
    const problems = [report("saved", await audit(saved))];

    const browse = await open("/browse", viewport);
    await browse.getByRole("link", { name: "View Details" }).first().click();
    const dialog = browse.getByRole("dialog");
    await dialog.getByTestId("car-facts").waitFor();
    problems.push(report("lightbox", await audit(browse)));

    const financing = await open("/financing", viewport);
    await financing.getByRole("link", { name: "View Details" }).first().click();
    await financing.getByTestId("financing-view").waitFor();
    await financing.getByRole("button", { name: "Calculate" }).click();
    await expect.poll(() => financing.getByTestId("monthly-repayment").inputValue()).not.toBe("₦0");
    problems.push(report("calculator", await audit(financing)));
    expect(problems.filter(Boolean).join("\n")).toBe("");
  });

  it("finds none on the sign-in page and any back-office screen", { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    const login = await open("/admin/login", viewport);
    problems.push(report("login", await audit(login)));
    for (const [name, path] of adminPages()) {
      const page = await open(path, viewport, { admin: true });
      if (path === "/admin") await page.locator(".recharts-surface").first().waitFor();
      const findings = await audit(page);
      if (findings.length) problems.push(report(`${name} ${path}`, findings));
      await page.context().close();
      contexts = contexts.filter((c) => c !== page.context());
    }
    expect(problems.filter(Boolean).join("\n")).toBe("");
  });
});
