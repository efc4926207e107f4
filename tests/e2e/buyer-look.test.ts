// Issue 28's buyer items, looked at: the car page, the quick view, the calculator and the booking form at
// 390 and 1280 px (PNGs under $SHOTS_DIR, /tmp/shots-buyers by default).
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { carPath } from "~/lib/car";
import { addDays, lagosToday } from "~/lib/lead-schemas";
import { DESKTOP, PHONE, settled, setupE2E } from "./harness";

const app = setupE2E({ browser: true });
const DIR = process.env.SHOTS_DIR ?? "/tmp/shots-buyers";

async function shot(page: Page, name: string, fullPage = false) {
  fs.mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage });
}

interface Row {
  id: number;
  make: string;
  model: string;
  year: number;
  financing: number;
  sold: number;
}

describe("screenshots (look at them)", () => {
  it.each([
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const)(
    "the car page, /browse with the quick view, the calculator and the booking form at %s px",
    async (label, viewport) => {
      const car = app.rows<Row>(
        "select * from cars where sold = 0 and financing = 1 " +
          "and (select count(*) from car_images where car_id = cars.id) > 1 order by id",
      )[0];
      for (const js of [true, false]) {
        const tag = `${label}-${js ? "js" : "nojs"}`;
        const page = await app.open(carPath(car), { js, viewport });
        await settled(page);
        await shot(page, `car-${tag}`);
        await page.evaluate(() => window.scrollTo(0, 700));
        await settled(page);
        await shot(page, `car-scrolled-${tag}`);
        await shot(page, `car-full-${tag}`, true);
        await app.go(page, "/browse?q=toyota");
        await settled(page);
        await shot(page, `browse-${tag}`);
        if (js) {
          await page.locator("[data-quick-view]").nth(1).click();
          await page.locator("dialog[open]").waitFor();
          await settled(page);
          await shot(page, `quickview-${tag}`);
        }
        await app.go(page, `/financing/${car.id}?percent=40&months=12&calculate=1`);
        await settled(page);
        await shot(page, `calculator-${tag}`);
        await app.go(page, `/book-inspection?car=${car.id}`);
        await settled(page);
        await shot(page, `booking-${tag}`, true);
        // A Sunday: said once.
        let sunday = addDays(lagosToday(), 1);
        while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
        await page.getByLabel(/^Full name/).fill("Ada Obi");
        await page.getByLabel(/^Phone number/).fill("08031234567");
        await page.getByLabel(/^Email address/).fill("ada@example.com");
        await page.getByLabel(/^Car make/).fill("Toyota");
        await page.getByLabel(/^Car model/).fill("Camry");
        await page.getByLabel(/^Inspection date/).fill(sunday);
        await page.getByRole("button", { name: "Submit" }).click();
        await page
          .getByText(/We are closed on Sundays/)
          .first()
          .waitFor();
        await settled(page);
        await shot(page, `booking-sunday-${tag}`);
        await app.go(page, "/browse");
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await settled(page);
        await shot(page, `browse-end-${tag}`);
      }
      expect(fs.readdirSync(DIR).length).toBeGreaterThan(0);
    },
    240_000,
  );
});
