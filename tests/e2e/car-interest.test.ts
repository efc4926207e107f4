// What draws interest, as a buyer and staff see it: the Share buttons on a car's page and in the
// stock list hand out links marked with utm_source; a person's view of such a link is counted
// once (a headless browser naming itself is a bot, a reload is the same visitor), answered from
// the page cache; the stock list, the car's edit page and the reports show the figures. The
// catalogue feeds are turned on in the settings (a form without JavaScript) and read as Meta and a
// news reader would. With and without JavaScript; screenshots at 390 and 1280 px.
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { carPath } from "~/lib/car";
import { META_FEED_HEADER } from "~/lib/catalogue-feeds";
import { formatNaira } from "~/lib/money";
import { bearerToken } from "./back-office";
import { DESKTOP, JS_MODES, PHONE, screenshot, scrollWidth, settled, setupE2E, waitForHydration } from "./harness";

const app = setupE2E({ browser: true });

/** A phone's browser (headless Chromium names itself, and isbot takes it for a bot). */
const PERSON =
  "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

interface Car {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
}
/** Unsold cars with a photo, newest listed first: one per mode. */
const cars = () =>
  app.rows<Car>(
    `SELECT id, make, model, year, price FROM cars
     WHERE sold = 0 AND EXISTS (SELECT 1 FROM car_images WHERE car_id = cars.id)
     ORDER BY created_at DESC, id DESC LIMIT 2`,
  );
const views = (id: number) =>
  app.rows<{ source: string; views: number }>(
    "SELECT source, views FROM car_views WHERE car_id = ? ORDER BY source",
    id,
  );

/** Screenshots of the page as it is at both widths, each no wider than the screen. */
async function shoot(page: Page, base: string, js: boolean): Promise<void> {
  for (const [size, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    if (js) await settled(page);
    else await page.waitForLoadState("load");
    await screenshot(page, `${base}-${size}`);
    expect(await scrollWidth(page), `${base} at ${size}`).toBeLessThanOrEqual(viewport.width);
  }
}

describe.each(JS_MODES)("interest per car and sharing $label", ({ js }) => {
  const mode = js ? "js" : "nojs";

  it("shares a car in one tap and counts the view a shared link brings, once, from the page cache", async () => {
    const car = cars()[js ? 0 : 1];
    const path = carPath(car);
    // A bot (headless Chromium as it names itself) is not counted.
    await app.open(`${path}?utm_source=whatsapp`, { js, viewport: PHONE });

    const page = await app.newPage({ js, viewport: PHONE, userAgent: PERSON });
    if (js) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url("") });
      // Chromium on Linux has no share sheet: stand in for a phone's.
      await page.addInitScript(() => {
        Object.assign(navigator, {
          share: async (data: unknown) => {
            (window as unknown as { __shared: unknown }).__shared = data;
          },
        });
      });
    }
    const first = await page.goto(app.url(`${path}?utm_source=whatsapp`));
    await waitForHydration(page, js);
    expect(["HIT", "MISS"]).toContain(first?.headers()["x-cache"]);
    const again = await page.reload();
    await waitForHydration(page, js);
    expect(again?.headers()["x-cache"]).toBe("HIT");

    const share = page.getByRole("main").getByTestId("share");
    const whatsapp = share.getByRole("link", { name: "WhatsApp" });
    const href = (await whatsapp.getAttribute("href")) ?? "";
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    expect(new URL(href).searchParams.get("text")).toBe(
      `${car.year} ${car.make} ${car.model} for ${formatNaira(car.price)}\n${app.url(path)}?utm_source=whatsapp`,
    );
    const copyUrl = `${app.url(path)}?utm_source=copy`;
    if (js) {
      await share.getByRole("button", { name: "Copy link" }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(copyUrl);
      await expect(share.getByRole("button", { name: "Link copied" }).count()).resolves.toBe(1);
      await share.getByRole("button", { name: "More apps…" }).click();
      expect(await page.evaluate(() => (window as unknown as { __shared: unknown }).__shared)).toEqual({
        title: `${car.year} ${car.make} ${car.model}`,
        text: `${car.year} ${car.make} ${car.model} for ${formatNaira(car.price)}`,
        url: `${app.url(path)}?utm_source=share`,
      });
    } else {
      await expect(share.getByLabel("Link to copy").inputValue()).resolves.toBe(copyUrl);
      await expect(share.getByRole("button").count()).resolves.toBe(0);
    }
    await page.setViewportSize(PHONE);
    await screenshot(page, `share-car-${mode}-390`);
    await page.setViewportSize(DESKTOP);
    await share.scrollIntoViewIfNeeded();
    await screenshot(page, `share-car-${mode}-1280`, { fullPage: false });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(DESKTOP.width);

    // One person, one view, by where it came from (written within seconds, or when staff read the figures).
    await expect.poll(() => views(car.id), { timeout: 10_000 }).toEqual([{ source: "whatsapp", views: 1 }]);
  });

  it("shows the figures in the stock list, the edit page and the reports, each car linked", async () => {
    const car = cars()[js ? 0 : 1];
    const name = `${car.make} ${car.model} ${car.year}`;
    const page = await app.open("/admin/create-listing?sort=newest", { js, viewport: DESKTOP, admin: true });
    const row = page.locator(`tr[data-car-id="${car.id}"]`);
    await expect(row.getByTestId("interest").innerText()).resolves.toMatch(/^1 \/ 1 views\s+0 chats\s+0 leads$/);
    await expect(page.getByRole("columnheader", { name: "Views 7d / 30d" }).count()).resolves.toBe(1);
    await shoot(page, `stock-list-interest-${mode}`, js);
    // The row's Share folds WhatsApp and the link behind one button.
    await page.setViewportSize(DESKTOP);
    await row.getByText("Share", { exact: true }).click();
    const rowShare = row.getByTestId("share");
    expect(await rowShare.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toContain("wa.me/?text=");
    await screenshot(page, `stock-list-share-${mode}-1280`, { fullPage: false });
    // The phone's cards say the same.
    await page.setViewportSize(PHONE);
    await expect(page.locator(`li[data-car-id="${car.id}"]`).getByTestId("interest").innerText()).resolves.toBe(
      "1 view this week · 1 in 30 days · 0 chats · 0 leads",
    );

    await app.go(page, `/admin/edit-car/${car.id}`);
    const panel = page.getByTestId("interest-panel");
    await expect(panel.innerText()).resolves.toMatch(/Views, 7 days\s+1\s+Views, 30 days\s+1\s+1 from shared links/i);
    await expect(panel.getByTestId("views-by-source").innerText()).resolves.toMatch(/Shared on WhatsApp\s+1/);
    await shoot(page, `edit-car-interest-${mode}`, js);

    await app.go(page, "/admin/report");
    const most = page.getByTestId("most-viewed");
    const link = most.getByRole("link", { name });
    expect(await link.getAttribute("href")).toBe(`/admin/edit-car/${car.id}`);
    await expect(page.getByTestId("viewed-no-leads").getByRole("link", { name }).count()).resolves.toBe(1);
    await expect(page.getByTestId("aged-counts").innerText()).resolves.toMatch(
      /^\d+ unsold cars? (has|have) been in stock over 60 days, \d+ of them over 90 days$/,
    );
    await page.getByRole("heading", { name: "Most viewed" }).scrollIntoViewIfNeeded();
    await shoot(page, `report-interest-${mode}`, js);
  });
});

describe("a car opened in the lightbox from a list (JavaScript)", () => {
  it("is a view of that car, counted once", async () => {
    const [third] = app.rows<Car>(
      `SELECT id, make, model, year, price FROM cars WHERE sold = 0 ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET 2`,
    );
    const page = await app.open("/browse", { js: true, viewport: DESKTOP, userAgent: PERSON });
    const card = page.locator(`main a[href="${carPath(third)}"]`).last();
    await card.hover(); // Remix prefetches the car's data on hover: a prefetch, not a view
    await card.click();
    await page.waitForURL((u) => u.pathname === carPath(third));
    await expect.poll(() => views(third.id), { timeout: 10_000 }).toEqual([{ source: "direct", views: 1 }]);
  });
});

describe("the catalogue feeds", () => {
  it("turns the Meta feed on in the settings (without JavaScript) and serves both feeds on SITE_URL", async () => {
    expect((await fetch(app.url("/feeds/meta-vehicles.csv"))).status).toBe(404);
    const page = await app.open("/admin/settings", { js: false, viewport: PHONE, admin: true });
    await expect(page.getByTestId("meta-feed-url").inputValue()).resolves.toBe(app.url("/feeds/meta-vehicles.csv"));
    await page.getByLabel("Publish the catalogue feed").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.waitForURL((u) => u.searchParams.get("saved") === "settings");
    await expect(page.getByLabel("Publish the catalogue feed").isChecked()).resolves.toBe(true);

    const res = await fetch(app.url("/feeds/meta-vehicles.csv"));
    expect(res.status).toBe(200);
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    const expected = app.rows<{ id: number }>(
      `SELECT id FROM cars WHERE sold = 0 AND EXISTS (SELECT 1 FROM car_images WHERE car_id = cars.id) ORDER BY id`,
    );
    expect(rows.map((r) => Number(r.vehicle_id))).toEqual(expected.map((r) => r.id));
    expect(Object.keys(rows[0])).toEqual([...META_FEED_HEADER]);
    for (const r of rows) {
      expect(r.url.startsWith(`${app.url("/cars/")}`)).toBe(true);
      expect(r["image[0].url"].startsWith(app.url("/uploads/"))).toBe(true);
      expect(r.price).toMatch(/^\d+ NGN$/);
      expect(r.vin).toBe("");
    }

    // The owner's API turns it off again.
    const token = await bearerToken(app);
    const off = await fetch(app.url("/api/admin/settings"), {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ catalogueFeed: false }),
    });
    expect(off.status).toBe(200);
    expect((await fetch(app.url("/feeds/meta-vehicles.csv"))).status).toBe(404);

    const rss = await fetch(app.url("/feeds/new-arrivals.xml"));
    expect(rss.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await rss.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0"/);
    expect([...xml.matchAll(/<item>/g)]).toHaveLength(Math.min(30, expected.length));
    // Served from the page cache the second time.
    expect((await fetch(app.url("/feeds/new-arrivals.xml"))).headers.get("x-cache")).toBe("HIT");
  });
});
