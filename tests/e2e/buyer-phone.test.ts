// A buyer on a phone: browse (Filters (N), results first, search and sort that keep each other,
// filter choices from the stock, forgiving search, no results and the sourcing request), the car
// page (sticky Call/WhatsApp/Book bar, location, gallery, monthly figure, sold cars) and the small
// things (Financing in the menus, compare at 390 px, anchors without JavaScript). Each at 390 px,
// with and without JavaScript.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, JS_MODES, PHONE, screenshot, settled, setupE2E } from "./harness";

const app = setupE2E({ browser: true });

const unsold = () =>
  app.rows<{ id: number; make: string; model: string; body_type: string }>(
    "select id, make, model, body_type from cars where sold = 0",
  );

async function shot(page: Page, name: string, fullPage = false) {
  await settled(page);
  await screenshot(page, name, { fullPage });
}

describe("screenshots (look at them)", () => {
  it("browse at 390 and 1280 px", async () => {
    for (const [label, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const page = await app.open("/browse", { js: true, viewport });
      await shot(page, `phone-browse-closed-${label}`);
      if (label === "phone") {
        await page.getByText(/^Filters/).click();
        await shot(page, `phone-browse-open-${label}`, true);
      }
      await app.go(page, "/browse?make=Bugatti");
      await shot(page, `phone-browse-none-${label}`, true);
      expect(unsold().length).toBeGreaterThan(0);
    }
  });
});
