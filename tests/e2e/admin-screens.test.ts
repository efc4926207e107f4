// Every back-office screen at desktop and phone widths: nothing wider than the screen, and a
// screenshot of each for people to look at.
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, screenshot, scrollWidth, settled, setupE2E, waitForHydration } from "./harness";

const app = setupE2E({ browser: true });

const SCREENS = [
  ["login", "/admin/login", false],
  ["dashboard", "/admin", true],
  ["stock-list", "/admin/create-listing", true],
  ["confirm-delete", "/admin/create-listing?confirm=delete&id=3", true],
  ["add-car", "/admin/add-car", true],
  ["edit-car", "/admin/edit-car/3", true],
  ["inspections", "/admin/inspections", true],
  ["admin-management", "/admin/admin-management", true],
  ["report", "/admin/report", true],
  ["leads", "/admin/leads", true],
  ["lead", "/admin/leads/inspection/1", true],
  ["activity", "/admin/activity", true],
  ["change-password", "/admin/change-password", true],
] as const;

describe("back office screens", () => {
  for (const [size, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    it(`renders every admin screen at ${size} px`, async () => {
      const ctx = await app.context({ js: true, viewport, admin: true });
      const page = await ctx.newPage();
      for (const [name, url, signedIn] of SCREENS) {
        if (!signedIn) await ctx.clearCookies();
        await page.goto(app.url(url));
        await waitForHydration(page, true);
        if (name === "dashboard") await page.locator(".recharts-surface").first().waitFor();
        await settled(page);
        await screenshot(page, `admin-${name}-${size}`);
        expect(new URL(page.url()).pathname).toBe(url.split("?")[0]);
        // Nothing wider than the screen: wide tables become cards or scroll inside their box.
        expect(await scrollWidth(page), name).toBeLessThanOrEqual(viewport.width);
        if (!signedIn) await app.signIn(ctx);
      }
      if (size === "390") {
        // Every month of the dashboard charts is labelled, Jan to Dec, on a phone too.
        await page.goto(app.url("/admin"));
        await page.locator(".recharts-surface").first().waitFor();
        const ticks = await page
          .locator(".recharts-xAxis")
          .first()
          .locator(".recharts-cartesian-axis-tick-value")
          .allTextContents();
        expect(ticks).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
        // The demo bookings are in the past.
        await page.goto(app.url("/admin/inspections?view=past"));
        expect(await page.getByRole("listitem").filter({ hasText: "Other info:" }).first().isVisible()).toBe(true);

        await page.goto(app.url("/admin"));
        await page.locator("summary[aria-label='Open the admin menu']").click();
        await screenshot(page, "admin-menu-390");
        expect(await page.getByRole("link", { name: "Admin Management" }).first().isVisible()).toBe(true);
      }
    });
  }
});
