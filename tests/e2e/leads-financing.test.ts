// Financing: the calculator, Apply for Loan and the client information, with JavaScript on and off.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatNaira } from "~/lib/money";
import { DESKTOP, JS_MODES, PHONE, screenshot, scrollWidth, settled, setupE2E, waitForHydration } from "./harness";

const app = setupE2E({ browser: true });

const query = <T>(sql: string, ...args: unknown[]) => app.rows<T>(sql, ...args);

const value = (page: Page, testId: string) => page.getByTestId(testId).inputValue();

/** Opens the first car of the grid: a modal with JavaScript, its own page without. */
async function openFirstCar(page: Page): Promise<{ id: number; price: number }> {
  const card = page.getByTestId("car-card").first();
  const href = (await card.getByRole("link", { name: "View Details" }).getAttribute("href"))!;
  const id = Number(href.split("/").pop());
  const [{ price }] = query<{ price: number }>("SELECT price FROM cars WHERE id = ?", id);
  await card.getByRole("link", { name: "View Details" }).click();
  await page.getByTestId("financing-view").waitFor();
  await page.waitForURL(`**/financing/${id}`);
  // The grid runs no React (a plain page load opens the calculator): wait for the calculator's
  // page to take over, as after any page load.
  await page.waitForLoadState("networkidle");
  return { id, price };
}

describe.each(JS_MODES)("financing $label", ({ js }) => {
  it("calculates, applies for a loan and submits the client information through to the success message", async () => {
    const page = await app.open("/financing", { js });
    await page.getByRole("heading", { name: "Financing Options" }).waitFor();
    expect(await page.getByTestId("car-card").count()).toBeGreaterThan(0);
    const { id, price } = await openFirstCar(page);

    // Starting state: 40 %, 3 months, monthly 0.
    await expect(value(page, "loan-amount")).resolves.toBe(formatNaira(price));
    await expect(value(page, "initial-deposit")).resolves.toBe(formatNaira(Math.round(price * 40) / 100));
    await expect(value(page, "monthly-repayment")).resolves.toBe("₦0");
    await expect(page.getByLabel("Loan Period").inputValue()).resolves.toBe("3");

    await page.locator('input[type="range"][name="percent"]').fill("60");
    if (js) {
      // The deposit follows the slider at once; the monthly waits for Calculate.
      await expect(value(page, "initial-deposit")).resolves.toBe(formatNaira(Math.round(price * 60) / 100));
      await expect(value(page, "monthly-repayment")).resolves.toBe("₦0");
    }
    await page.getByLabel("Loan Period").selectOption("6");
    await page.getByRole("button", { name: "Calculate" }).click();
    const deposit = Math.round(price * 60) / 100;
    const monthly = Math.round(((price - deposit) / 6) * 100) / 100;
    if (!js) await page.waitForURL(/calculate=1/);
    await expect.poll(() => value(page, "monthly-repayment"), { timeout: 10_000 }).toBe(formatNaira(monthly));
    await expect(value(page, "initial-deposit")).resolves.toBe(formatNaira(deposit));
    if (!js) expect(page.url()).toContain(`/financing/${id}?percent=60&months=6&calculate=1`);

    await page.getByRole("button", { name: "Apply for Loan" }).click();
    // The URL carries the unguessable reference, never the sequential id.
    await page.waitForURL(/\/loan-application\?application=[0-9a-f]{32}$/);
    const reference = new URL(page.url()).searchParams.get("application");
    const [stored] = query<Record<string, unknown>>("SELECT * FROM loan_applications WHERE reference = ?", reference);
    const appId = stored.id;
    expect(stored).toMatchObject({
      car_id: id,
      loan_amount: price,
      initial_deposit: deposit,
      loan_period: "6 months",
      monthly_repayment: monthly,
    });

    const details = page.getByTestId("loan-details");
    await details.waitFor();
    for (const text of [
      String(stored.car_name),
      formatNaira(price),
      formatNaira(deposit),
      "6 months",
      formatNaira(monthly),
    ]) {
      await expect(details.getByText(text, { exact: true }).first().isVisible()).resolves.toBe(true);
    }

    const form = page.getByRole("form", { name: "Client information" });
    await form.getByLabel("Full name").fill(`Loan Buyer ${js ? "JS" : "NoJS"}`);
    await form.getByLabel("Email address").fill("loan@example.com");
    await form.getByLabel("Phone number").fill("0909 555 0113");
    await form.getByLabel("Age bracket").selectOption("26 - 35");
    await form.locator('input[name="client_location"]').fill("Ikeja, Lagos");
    await form.getByLabel("Employment status").selectOption("Employed");
    await form.getByLabel("Monthly income").selectOption("400k - 800k");
    await form.locator('input[name="client_id"][value="Yes"]').check();
    await form.locator('input[name="bvn_available"][value="Yes"]').check();
    await form.locator('input[name="deposit_available"][value="No"]').check();
    await form.getByRole("button", { name: "Submit Application" }).click();

    await page.waitForURL((u) => u.pathname === "/financing" && u.search === "");
    const success = page.getByRole("status").filter({ hasText: "Application submitted successfully!" });
    await success.waitFor();
    // A one-time message: a reload shows the plain list again.
    await page.reload();
    await page.getByRole("heading", { name: "Financing Options" }).waitFor();
    await waitForHydration(page, js);
    await expect(success.count()).resolves.toBe(0);
    const clients = query<Record<string, unknown>>("SELECT * FROM client_infos WHERE loan_application_id = ?", appId);
    expect(clients).toEqual([
      expect.objectContaining({
        phone: "+2349095550113",
        age_bracket: "26 - 35",
        deposit_available: "No",
        referral: null,
      }),
    ]);
  });

  it("shows 'No loan details available.' without an application, for a guessed id and a wrong reference", async () => {
    const res = await fetch(app.url("/api/loan-applications"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        car_name: "Honda Accord 2018 Grey",
        loan_amount: 8_000_000,
        initial_deposit: 4_000_000,
        loan_period: "3 months",
        monthly_repayment: 4_000_000 / 3,
      }),
    });
    expect(res.status).toBe(201);
    const { id, reference } = (await res.json()) as { id: number; reference: string };
    const wrong = reference.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    for (const path of [
      "/loan-application",
      `/loan-application?application=${id}`,
      `/loan-application?application=${wrong}`,
    ]) {
      const page = await app.open(path, { js });
      await expect(page.getByText("No loan details available.").isVisible(), path).resolves.toBe(true);
      await expect(page.getByTestId("loan-details").count(), path).resolves.toBe(0);
      await expect(page.getByText("Honda Accord 2018 Grey").count(), path).resolves.toBe(0);
    }
  });

  it("shows 'Failed to submit application' for a bad phone number and keeps what was typed", async () => {
    const res = await fetch(app.url("/api/loan-applications"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        car_name: "Kia Rio 2019 Red",
        loan_amount: 9_000_000,
        initial_deposit: 3_600_000,
        loan_period: "3 months",
        monthly_repayment: 1_800_000,
      }),
    });
    expect(res.status).toBe(201);
    const { id, reference } = (await res.json()) as { id: number; reference: string };
    const page = await app.open(`/loan-application?application=${reference}`, { js });
    const form = page.getByRole("form", { name: "Client information" });
    await form.getByLabel("Full name").fill("Typed Name");
    await form.getByLabel("Email address").fill("typed@example.com");
    await form.getByLabel("Phone number").fill("12345");
    await form.getByLabel("Age bracket").selectOption("60 & Above");
    await form.locator('input[name="client_location"]').fill("Lekki");
    await form.getByLabel("Employment status").selectOption("Unemployed");
    await form.getByLabel("Monthly income").selectOption("Less than 100k");
    for (const name of ["client_id", "bvn_available", "deposit_available"])
      await form.locator(`input[name="${name}"][value="No"]`).check();
    await form.getByRole("button", { name: "Submit Application" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to submit application" }).waitFor();
    await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Typed Name");
    await expect(page.getByLabel("Age bracket").inputValue()).resolves.toBe("60 & Above");
    expect(query("SELECT id FROM client_infos WHERE loan_application_id = ?", id)).toHaveLength(0);
  });
});

describe.each(JS_MODES)("financing pages $label", ({ js }) => {
  it("pages the financing cars; a car opened on page 2 keeps page 2 behind it via Calculate and Close", async () => {
    const [{ n }] = query<{ n: number }>("SELECT count(*) AS n FROM cars WHERE financing = 1 AND sold = 0");
    const page = await app.open("/financing", { js });
    const pager = page.getByRole("navigation", { name: "Financing pages" });
    expect(await page.getByTestId("car-card").count()).toBe(Math.min(n, 12));
    await pager.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL((u) => u.search === "?page=2");
    // With JavaScript the address changes before React renders page 2: wait for the pager to say so.
    await pager.locator('[aria-current="page"]', { hasText: "2" }).waitFor();
    await waitForHydration(page, js);
    const firstOnPage2 = await page.getByTestId("car-card").first().getByRole("heading").textContent();
    const card = page.getByTestId("car-card").first();
    const href = (await card.getByRole("link", { name: "View Details" }).getAttribute("href"))!;
    expect(href).toMatch(/^\/financing\/\d+\?page=2$/);
    await card.getByRole("link", { name: "View Details" }).click();
    await page.getByTestId("financing-view").waitFor();
    await page.getByRole("button", { name: "Calculate" }).click();
    if (!js) await page.waitForURL(/calculate=1/);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    await page.getByRole("link", { name: "Close" }).click();
    await page.waitForURL((u) => u.pathname === "/financing" && u.search === "?page=2");
    await page.getByTestId("financing-view").waitFor({ state: "hidden" });
    await pager.locator('[aria-current="page"]', { hasText: "2" }).waitFor();
    expect(await page.getByTestId("car-card").first().getByRole("heading").textContent()).toBe(firstOnPage2);
  });
});

describe("financing calculator dialog with JavaScript", () => {
  it("is a full-screen modal that Escape and Close take back to the grid, focus on the car's card", async () => {
    const page = await app.open("/financing", { js: true });
    const card = page.getByTestId("car-card").first();
    const href = (await card.getByRole("link", { name: "View Details" }).getAttribute("href"))!;
    const focusedHref = () => page.evaluate(() => document.activeElement?.getAttribute("href") ?? null);
    await openFirstCar(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getAttribute("data-testid")).resolves.toBe("financing-view");
    expect(await page.evaluate(() => document.querySelector("dialog")?.matches(":modal"))).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect([box.x, box.y, box.width, box.height].map(Math.round)).toEqual([0, 0, DESKTOP.width, DESKTOP.height]);
    await page.keyboard.press("Escape");
    await page.waitForURL((u) => u.pathname === "/financing");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(focusedHref).toBe(href);

    await openFirstCar(page);
    await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
    await page.waitForURL((u) => u.pathname === "/financing");
    await page.getByTestId("financing-view").waitFor({ state: "hidden" });
    await expect.poll(focusedHref).toBe(href);
  });
});

describe("financing on a phone and a desktop", () => {
  for (const [label, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    it(`fits the grid, calculator and loan application on a ${label} px screen, and logs no errors`, async () => {
      const page = await app.open("/financing", { js: true, viewport });
      await settled(page);
      await screenshot(page, `leads-financing-${label}`);
      expect(await scrollWidth(page), "grid").toBeLessThanOrEqual(viewport.width);
      await expect(
        page.getByTestId("car-card").first().getByRole("link", { name: "View Details" }).isVisible(),
      ).resolves.toBe(true);

      await openFirstCar(page);
      await page.getByRole("button", { name: "Calculate" }).click();
      await expect.poll(() => value(page, "monthly-repayment")).not.toBe("₦0");
      await settled(page);
      await screenshot(page, `leads-financing-calculator-${label}`, { fullPage: false });
      expect(await scrollWidth(page), "calculator").toBeLessThanOrEqual(viewport.width);
      for (const testId of ["loan-amount", "initial-deposit", "monthly-repayment"]) {
        await expect(page.getByTestId(testId).isVisible(), testId).resolves.toBe(true);
      }
      await expect(page.getByRole("button", { name: "Apply for Loan" }).isVisible()).resolves.toBe(true);

      await page.getByRole("button", { name: "Apply for Loan" }).click();
      await page.waitForURL(/\/loan-application\?application=[0-9a-f]{32}$/);
      await page.getByTestId("loan-details").waitFor();
      await settled(page);
      await screenshot(page, `leads-loan-application-${label}`);
      expect(await scrollWidth(page), "loan application").toBeLessThanOrEqual(viewport.width);
      const form = page.getByRole("form", { name: "Client information" });
      await expect(form.getByLabel("Full name").isVisible()).resolves.toBe(true);
      await expect(form.getByRole("button", { name: "Submit Application" }).isVisible()).resolves.toBe(true);
      expect(app.consoleErrors(page)).toEqual([]);
    });
  }
});
