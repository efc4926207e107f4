// Screenshots of the back office at desktop and phone widths, for people to look at.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "./admin-session";
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, startServer, type TestServer, waitForHydration } from "./harness";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SCREENS = [
  ["login", "/admin/login", false],
  ["dashboard", "/admin", true],
  ["car-list", "/admin/create-listing", true],
  ["confirm-delete", "/admin/create-listing?confirm=delete&id=3", true],
  ["add-car", "/admin/add-car", true],
  ["edit-car", "/admin/edit-car/3", true],
  ["inspections", "/admin/inspections", true],
  ["admin-management", "/admin/admin-management", true],
  ["report", "/admin/report", true],
] as const;

describe("back office screenshots", () => {
  for (const [size, viewport] of [["1280", DESKTOP], ["390", PHONE]] as const) {
    it(`renders every admin screen at ${size} px`, async () => {
      const ctx = await newContext(browser, { js: true, viewport });
      await signInAdmin(ctx, server);
      const page = await ctx.newPage();
      for (const [name, url, signedIn] of SCREENS) {
        if (!signedIn) await ctx.clearCookies();
        await page.goto(server.url + url);
        await waitForHydration(page, true);
        if (name === "dashboard") await page.locator(".recharts-surface").first().waitFor();
        await page.waitForTimeout(400);
        await screenshot(page, `admin-${name}-${size}`);
        expect(new URL(page.url()).pathname).toBe(url.split("?")[0]);
        // Nothing wider than the screen: wide tables become cards or scroll inside their box.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(viewport.width);
        if (!signedIn) await signInAdmin(ctx, server);
      }
      if (size === "390") {
        // Every month of the dashboard charts is labelled, Jan to Dec, on a phone too.
        await page.goto(server.url + "/admin");
        await page.locator(".recharts-surface").first().waitFor();
        const ticks = await page.locator(".recharts-xAxis").first().locator(".recharts-cartesian-axis-tick-value").allTextContents();
        expect(ticks).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
        await page.goto(server.url + "/admin/inspections");
        expect(await page.getByRole("listitem").filter({ hasText: "Other info:" }).first().isVisible()).toBe(true);

        await page.goto(server.url + "/admin");
        await page.locator("summary[aria-label='Open the admin menu']").click();
        await screenshot(page, "admin-menu-390");
        expect(await page.getByRole("link", { name: "Admin Management" }).first().isVisible()).toBe(true);
      }
      await ctx.close();
    });
  }
});
