import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DESKTOP, field, PHONE, screenshot, setupE2E, waitForHydration } from "./harness";

/**
 * From the yard to the listing: phone photos (resized in the browser, progress, order, cover),
 * refusals that keep the form, the 2 MB rule and move buttons without JavaScript, the idle
 * warning and the kept draft, the spreadsheet import page and the stock list.
 */

const app = setupE2E({ browser: true });

/** A camera-sized JPEG (4000 × 3000, about 6 MB+): grain, like a real photo's detail. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 34 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function plainPhoto(color: string, width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

async function fillRequired(page: Page, make: string, model: string) {
  await field(page, "Make").fill(make);
  await field(page, "Model").fill(model);
  await field(page, "Year").fill("2021");
  await field(page, "Price (₦)").fill("21,500,000");
  await field(page, "Condition").selectOption("Foreign Used");
  await field(page, "Body Type").selectOption("SUV");
  await field(page, "Engine Capacity").selectOption("2.0L");
  await field(page, "Engine Size").selectOption("V4");
  await field(page, "Drive Train").selectOption("AWD");
  await field(page, "Custom Paper").selectOption("Yes");
}

const photosInOrder = (page: Page) =>
  page.locator("[data-photo]").evaluateAll((els) => els.map((e) => e.getAttribute("data-photo")));

function carIdByModel(model: string): number {
  return app.rows<{ id: number }>("SELECT id FROM cars WHERE model = ?", model)[0]?.id ?? 0;
}
const imagesOf = (id: number) =>
  app.rows<{ path: string }>("SELECT path FROM car_images WHERE car_id = ? ORDER BY position", id).map((r) => r.path);
const diskPath = (p: string) => path.join(app.server.uploadsDir, path.basename(p));

/** The mean colour of a stored photo: which of the test's plain photos it is. */
async function meanColor(p: string): Promise<number[]> {
  const { channels } = await sharp(diskPath(p)).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe("car photos with JavaScript on a phone", () => {
  it("resizes a 6 MB camera photo, shows progress, and saves the photos in the chosen order", async () => {
    const big = await cameraPhoto();
    expect(big.length).toBeGreaterThan(6_000_000);
    const page = await app.open("/admin/add-car", { js: true, viewport: PHONE, admin: true });
    await fillRequired(page, "Toyota", "RAV4 Yard JS");
    await page.locator("#images").setInputFiles([
      { name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: big },
      { name: "red.jpg", mimeType: "image/jpeg", buffer: await plainPhoto("#d62828") },
      { name: "blue.jpg", mimeType: "image/jpeg", buffer: await plainPhoto("#1d4ed8") },
    ]);
    // Each photo gets a thumbnail once resized.
    await expect.poll(() => page.locator("[data-photo] img").count(), { timeout: 30_000 }).toBe(3);
    const sizeText = await page.locator('[data-photo="IMG_2041.jpg"]').innerText();
    const kb = Number(/([\d.]+) (KB|MB)/.exec(sizeText)?.[1]) * (/MB/.test(sizeText) ? 1024 : 1);
    expect(kb).toBeLessThan(2048);
    expect(await photosInOrder(page)).toEqual(["IMG_2041.jpg", "red.jpg", "blue.jpg"]);
    await page.getByRole("button", { name: "Make cover: red.jpg" }).click();
    await page.getByRole("button", { name: "Move IMG_2041.jpg down" }).click();
    expect(await photosInOrder(page)).toEqual(["red.jpg", "blue.jpg", "IMG_2041.jpg"]);
    await page.locator('[data-photo="red.jpg"]').getByText("Cover").waitFor();
    await screenshot(page, "yard-photos-phone");

    // A slow link (1.5 Mbps up), so the progress shows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 100,
      downloadThroughput: 1_000_000,
      uploadThroughput: 190_000,
    });
    const seen: string[] = [];
    const watch = setInterval(() => {
      void page
        .locator("#upload-progress-label")
        .textContent({ timeout: 100 })
        .then((t) => t && seen.push(t))
        .catch(() => undefined);
    }, 150);
    await page.getByRole("button", { name: "Add Car" }).click();
    await page.getByRole("progressbar").waitFor();
    await page.waitForURL(/\/admin\/create-listing\?done=added/, { timeout: 60_000 });
    clearInterval(watch);
    expect(seen.some((t) => /^Uploading… \d+%$/.test(t))).toBe(true);

    const id = carIdByModel("RAV4 Yard JS");
    const images = imagesOf(id);
    expect(images).toHaveLength(3);
    const [cover, second, third] = await Promise.all(images.map(meanColor));
    expect(cover[0]).toBeGreaterThan(180); // red first: the cover
    expect(second[2]).toBeGreaterThan(180); // then blue
    expect(third.every((c) => c > 90 && c < 170)).toBe(true); // the camera photo last
    const meta = await sharp(diskPath(images[2])).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2000);
  });

  it("keeps every field and photo when the server refuses, and lists every problem linked to its field", async () => {
    const page = await app.open("/admin/add-car", { js: true, viewport: PHONE, admin: true });
    await field(page, "Make").fill("Honda");
    await field(page, "Model").fill("CR-V Refused");
    await field(page, "Price (₦)").fill("a lot");
    await page
      .locator("#images")
      .setInputFiles([{ name: "front.jpg", mimeType: "image/jpeg", buffer: await plainPhoto("#2a9d8f") }]);
    await expect.poll(() => page.locator("[data-photo] img").count()).toBe(1);
    await page.getByRole("button", { name: "Add Car" }).click();
    const summary = page.locator("#problems");
    await summary.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("problems");
    // The page has moved to the list of problems (the button that sent it was at the bottom).
    await expect
      .poll(() => summary.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5_000 })
      .toBeLessThan(120);
    const links = summary.getByRole("link");
    const texts = await links.allInnerTexts();
    expect(texts.some((t) => t.startsWith("Year: "))).toBe(true);
    expect(texts).toContain("Price: Price must be an amount in naira, e.g. 25,000,000 or 25m");
    expect(texts).toContain("Condition: Condition is required");
    expect(texts.length).toBeGreaterThanOrEqual(8);
    expect(await links.first().getAttribute("href")).toMatch(/^#field-/);
    await screenshot(page, "yard-refused-phone", { fullPage: false });
    // Nothing was lost.
    expect(await field(page, "Make").inputValue()).toBe("Honda");
    expect(await photosInOrder(page)).toEqual(["front.jpg"]);
    // Fix it and send again: the kept photo goes with it.
    await summary
      .getByRole("link", { name: "Price: Price must be an amount in naira, e.g. 25,000,000 or 25m" })
      .click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-price");
    await fillRequired(page, "Honda", "CR-V Refused");
    await page.getByRole("button", { name: "Add Car" }).click();
    await page.waitForURL(/done=added/);
    expect(imagesOf(carIdByModel("CR-V Refused"))).toHaveLength(1);
  });

  it("warns a minute before the idle logout, and offers an unsent car back after signing in again", async () => {
    const page = await app.newPage({ js: true, viewport: PHONE, admin: true });
    await page.clock.install();
    await app.go(page, "/admin/add-car");
    await field(page, "Make").fill("Lexus");
    await field(page, "Model").fill("GX Kept");
    await page.clock.fastForward(241_000);
    const stay = page.getByRole("button", { name: "Stay signed in" });
    await stay.waitFor();
    await screenshot(page, "yard-idle-warning-phone", { fullPage: false });
    await stay.click();
    await expect.poll(() => stay.count()).toBe(0);
    await page.clock.fastForward(301_000);
    await page.waitForURL(/\/admin\/login\?reason=inactivity/);
    await app.signIn(page.context());
    await app.go(page, "/admin/add-car");
    await page.getByText("An unsent car from").waitFor();
    await page.getByRole("button", { name: "Restore it" }).click();
    expect(await field(page, "Make").inputValue()).toBe("Lexus");
    expect(await field(page, "Model").inputValue()).toBe("GX Kept");
  });
});

describe("car photos without JavaScript on a phone", () => {
  it("refuses a photo over 2 MB by name and keeps the typed fields", async () => {
    const page = await app.open("/admin/add-car", { js: false, viewport: PHONE, admin: true });
    await fillRequired(page, "Kia", "Sportage NoJS");
    await page.locator('input[name="images"]').setInputFiles([
      { name: "IMG_3001.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto() },
      { name: "small.jpg", mimeType: "image/jpeg", buffer: await plainPhoto("#333333") },
    ]);
    await page.getByRole("button", { name: "Add Car" }).click();
    await page.getByText("Each image must be under 2MB: IMG_3001.jpg").first().waitFor();
    expect(await field(page, "Make").inputValue()).toBe("Kia");
    expect(await field(page, "Condition").inputValue()).toBe("Foreign Used");
    expect(carIdByModel("Sportage NoJS")).toBe(0);
    await screenshot(page, "yard-too-large-nojs-phone", { fullPage: false });
  });

  it("moves photos with buttons and saves the order with the car", async () => {
    const id =
      app.rows<{ car_id: number }>("SELECT car_id FROM car_images GROUP BY car_id HAVING count(*) >= 3 LIMIT 1")[0]
        ?.car_id ?? 0;
    expect(id).toBeGreaterThan(0);
    const before = imagesOf(id);
    const page = await app.open(`/admin/edit-car/${id}`, { js: false, viewport: PHONE, admin: true });
    expect(await photosInOrder(page)).toEqual(before);
    await page.getByRole("button", { name: "Move photo 2 up" }).click();
    await page.getByText("Photo order changed; save to keep it.").waitFor();
    expect(await photosInOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);
    await page.locator(`[data-photo="${before[2]}"]`).getByRole("button", { name: "Make cover" }).click();
    await page.getByText("Photo order changed").waitFor();
    const wanted = [before[2], before[1], before[0], ...before.slice(3)];
    expect(await photosInOrder(page)).toEqual(wanted);
    expect(imagesOf(id)).toEqual(before); // nothing saved yet
    await screenshot(page, "yard-move-nojs-phone");
    await page.getByRole("button", { name: "Update Car" }).click();
    await page.waitForURL(/done=updated/);
    expect(imagesOf(id)).toEqual(wanted);
  });
});

describe("stock spreadsheets and the stock list", () => {
  const header =
    "stock_number,make,model,year,price,condition,engine_capacity,engine_size,custom_paper,body_type,drive_train";
  for (const js of [false, true]) {
    it(`previews and imports a CSV from the import page ${js ? "with" : "without"} JavaScript`, async () => {
      const tag = js ? "J" : "N";
      const csv = `${header}\nYD-${tag}1,Toyota,Hilux ${tag},2020,31000000,Foreign Used,2.5L,V4,Yes,Truck,4WD
YD-${tag}2,Nissan,Patrol ${tag},2019,45000000,Nigerian Used,4.0L,V6,No,SUV,4WD\n`;
      const viewport = js ? PHONE : DESKTOP;
      const page = await app.open("/admin/import", { js, viewport, admin: true });
      await page.locator("#file").setInputFiles({ name: "yard.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByText("To add (2)").first().waitFor();
      expect(app.rows("SELECT id FROM cars WHERE stock_number LIKE ?", `YD-${tag}%`)).toHaveLength(0);
      await screenshot(page, `yard-import-preview-${js ? "phone" : "desktop"}`);
      await page.getByRole("button", { name: "Import 2 cars" }).click();
      await page.getByText("2 added and 0 updated").waitFor();
      expect(app.rows("SELECT id FROM cars WHERE stock_number LIKE ?", `YD-${tag}%`)).toHaveLength(2);

      // Found by stock number in the stock list, with its price and days in stock.
      await app.go(page, `/admin/create-listing?q=YD-${tag}2`);
      await waitForHydration(page, js);
      const entry = page.locator(`[data-car-id]:visible`);
      expect(await entry.count()).toBe(1);
      const text = await entry.innerText();
      expect(text).toContain("₦45,000,000");
      expect(text).toContain("0 days");
    });
  }

  it("shows a refused file's problems by row and column", async () => {
    const page = await app.open("/admin/import", { js: false, viewport: PHONE, admin: true });
    const csv = `${header}\nYD-X1,Toyota,Hilux,20l9,31000000,Foreign Used,2.5L,V4,Yes,Truck,4WD\n`;
    await page.locator("#file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Preview" }).click();
    const problems = page.getByRole("table", { name: "Problems" });
    await problems.waitFor();
    expect(await problems.locator("tbody tr").first().innerText()).toMatch(/2\s+year\s+Year must be a number/);
    expect(await page.getByRole("button", { name: /^Import/ }).count()).toBe(0);
    await page
      .locator("#file")
      .setInputFiles({ name: "prices.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByText("Choose a CSV (.csv) or Excel (.xlsx) file; prices.pdf is not one").waitFor();
    expect(await page.getByRole("alert").count()).toBeGreaterThan(0);
  });

  it("searches, filters, sorts and pages the stock list at 390 and 1280 px", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await app.open("/admin/create-listing?status=available&sort=price_desc", {
        js: true,
        viewport,
        admin: true,
      });
      const prices = await page
        .locator("[data-car-id]:visible")
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-price"))));
      expect(prices.length).toBe(20);
      expect([...prices].sort((a, b) => b - a)).toEqual(prices);
      expect(await page.getByRole("navigation", { name: "Stock list pages" }).isVisible()).toBe(true);
      const name = viewport === PHONE ? "phone" : "desktop";
      await screenshot(page, `yard-stock-list-${name}`, { fullPage: false });
      await field(page, "Search").fill("zzzz-no-such-car");
      await page.getByRole("button", { name: "Show" }).click();
      await page.getByText("No cars match this search.").filter({ visible: true }).waitFor();
      expect(new URL(page.url()).searchParams.get("q")).toBe("zzzz-no-such-car");
    }
    const sold = await app.open("/admin/create-listing?status=sold", { js: false, viewport: DESKTOP, admin: true });
    const statuses = await sold.locator("tbody [data-car-id]").evaluateAll((rows) => rows.map((r) => r.textContent));
    for (const s of statuses) expect(s).toContain("Sold");
  });

  it("imports its own export back as updates only, and marks the demo cars in the stock list", async () => {
    // The demo stock and cars added by the form have no typed stock number: each got one of its own.
    const cars = () => app.rows<{ n: number }>("SELECT count(*) AS n FROM cars")[0].n;
    const before = cars();
    expect(app.rows("SELECT id FROM cars WHERE stock_number IS NULL")).toHaveLength(0);
    const cookie = await app.adminCookie();
    const exported = await fetch(app.url("/admin/stock-file?kind=export&format=xlsx"), { headers: { Cookie: cookie } });
    const page = await app.open("/admin/import", { js: false, viewport: DESKTOP, admin: true });
    await page.locator("#file").setInputFiles({
      name: "stock.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await exported.arrayBuffer()),
    });
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByText(`To update (${before})`).first().waitFor();
    expect(await page.getByText("To add (0)").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: `Import ${before} cars` }).click();
    await page.getByText(`0 added and ${before} updated`).waitFor();
    expect(cars()).toBe(before);

    const demo = app.rows<{ id: number }>("SELECT id FROM cars WHERE demo = 1 ORDER BY created_at, id LIMIT 1");
    expect(demo).toHaveLength(1);
    const list = await app.open("/admin/create-listing?sort=oldest", { js: false, viewport: DESKTOP, admin: true });
    const row = list.locator(`tbody [data-car-id="${demo[0].id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Demo[\s\S]*LPA-\d{6}/);
  });

  it("downloads the export and the template", async () => {
    const cookie = await app.adminCookie();
    const csv = await fetch(app.url("/admin/stock-file?kind=export&format=csv"), { headers: { Cookie: cookie } });
    expect(csv.headers.get("content-disposition")).toMatch(/stock-\d{4}-\d\d-\d\d\.csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    const cars = app.rows<{ n: number }>("SELECT count(*) AS n FROM cars")[0].n;
    expect(lines.length).toBe(cars + 1);
    const xlsx = await fetch(app.url("/admin/stock-file?kind=template&format=xlsx"), { headers: { Cookie: cookie } });
    expect(xlsx.headers.get("content-type")).toMatch(/spreadsheetml/);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    const anonymous = await fetch(app.url("/admin/stock-file?kind=export&format=csv"), { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(fs.existsSync(app.server.uploadsDir)).toBe(true);
  });
});
