import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addStaff, bearerToken } from "./back-office";
import { DESKTOP, JS_MODES, PHONE, screenshot, settled, setupE2E, type Viewport } from "./harness";

/**
 * The stock list (issue 28, item 12): every action fully visible at a desk's width and usable on
 * a phone, a sold car's row at its agreed price, and an owner's "Put back on sale" for a car
 * marked sold by mistake (the page without and with JavaScript, and the API).
 */

const app = setupE2E({ browser: true });

/** Every action button of the list that is on screen, with whether its text or box is cut. */
function cutActions(page: Page, viewport: Viewport) {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const buttons = [...document.querySelectorAll<HTMLElement>("[data-car-id] [data-action]")].filter(
      (b) => b.offsetParent !== null,
    );
    for (const b of buttons) {
      const r = b.getBoundingClientRect();
      const label = b.querySelector<HTMLElement>(".mantine-Button-label") ?? b;
      const name = b.getAttribute("data-action") ?? b.textContent;
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`${name}: text cut`);
      if (r.left < 0 || r.right > width) problems.push(`${name}: off screen (${Math.round(r.right)} px)`);
      // Inside whatever scrolls or clips it (the table's scroll frame).
      let el = b.parentElement;
      while (el && el !== document.body) {
        const style = getComputedStyle(el);
        if (style.overflowX !== "visible") {
          const frame = el.getBoundingClientRect();
          if (r.right > frame.right + 1 || r.left < frame.left - 1) problems.push(`${name}: clipped by its frame`);
          break;
        }
        el = el.parentElement;
      }
    }
    return { count: buttons.length, problems };
  }, viewport.width);
}

const soldCar = () =>
  app.rows<{ id: number; price: number }>(
    "SELECT id, price FROM cars WHERE sold = 0 AND demo = 1 ORDER BY created_at DESC, id DESC LIMIT 1",
  )[0];

async function sellAt(id: number, salePrice: number) {
  const res = await fetch(app.url("/api/cars/mark-sold"), {
    method: "POST",
    headers: { authorization: `Bearer ${await bearerToken(app)}`, "content-type": "application/json" },
    body: JSON.stringify({ id, salePrice }),
  });
  expect(res.status).toBe(200);
}

describe("the stock list's actions", () => {
  for (const [size, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    it(`are fully visible at ${size} px`, async () => {
      const page = await app.open("/admin/create-listing", { js: true, viewport, admin: true });
      await settled(page);
      await screenshot(page, `stock-list-${size}`);
      const { count, problems } = await cutActions(page, viewport);
      expect(count).toBeGreaterThan(3);
      expect(problems).toEqual([]);
      // Mark as Sold reads whole and opens its question.
      const mark = page.locator("[data-action=sold]:visible").first();
      expect((await mark.innerText()).trim()).toBe("Mark as Sold");
      await mark.click();
      await page.getByText("Are you sure you want to mark this car as sold?").waitFor();
    });
  }
});

describe("a sold car's row", () => {
  it("shows the agreed price, not the list price", async () => {
    const car = soldCar();
    await sellAt(car.id, car.price - 1_500_000);
    const page = await app.open("/admin/create-listing?status=sold", { js: true, viewport: DESKTOP, admin: true });
    const row = page.locator(`tr[data-car-id="${car.id}"]`);
    const agreed = `₦${(car.price - 1_500_000).toLocaleString("en-NG")}`;
    await expect.poll(() => row.innerText()).toContain(`Sold for ${agreed}`);
    expect(await row.innerText()).toContain(`Listed at ₦${car.price.toLocaleString("en-NG")}`);
  });
});

describe("put back on sale", () => {
  for (const { js, label } of JS_MODES) {
    it(`an owner puts a car sold by mistake back on sale, ${label}`, async () => {
      const car = soldCar();
      await sellAt(car.id, car.price);
      const page = await app.open(`/admin/create-listing?status=sold`, { js, viewport: DESKTOP, admin: true });
      await page.locator(`tr[data-car-id="${car.id}"] [data-action=unsell]`).click();
      await page.getByText("Put this car back on sale?").waitFor();
      await page.getByRole("button", { name: "Yes" }).click();
      await page.waitForURL(/done=unsold/);
      await page.getByText("Car put back on sale").first().waitFor();
      expect(app.rows("SELECT sold FROM cars WHERE id = ?", car.id)).toEqual([{ sold: 0 }]);
      expect(app.rows("SELECT id FROM car_sales WHERE car_id = ?", car.id)).toEqual([]);
      const [entry] = app.rows<{ action: string; detail: string }>(
        "SELECT action, detail FROM activity WHERE target_id = ? ORDER BY id DESC LIMIT 1",
        String(car.id),
      );
      expect(entry.action).toBe("car.unsold");
    });
  }

  it("is an owner's action: a sales account sees no button and the API refuses it", async () => {
    const car = soldCar();
    await sellAt(car.id, car.price);
    await addStaff(app, "stock-sales");
    const page = await app.open(`/admin/create-listing?status=sold`, {
      js: false,
      viewport: DESKTOP,
      admin: "stock-sales",
    });
    await page.locator(`tr[data-car-id="${car.id}"]`).waitFor();
    expect(await page.locator("[data-action=unsell]").count()).toBe(0);
    const post = async (username: string) =>
      fetch(app.url("/api/cars/unsell"), {
        method: "POST",
        headers: { authorization: `Bearer ${await bearerToken(app, username)}`, "content-type": "application/json" },
        body: JSON.stringify({ id: car.id }),
      });
    expect((await post("stock-sales")).status).toBe(403);
    const res = await post("admin");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Car put back on sale", id: car.id });
    expect(app.rows("SELECT sold FROM cars WHERE id = ?", car.id)).toEqual([{ sold: 0 }]);
    // Once on sale, it cannot be put back again.
    expect((await post("admin")).status).toBe(400);
  });
});
