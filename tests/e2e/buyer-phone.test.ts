// A buyer on a phone: browse (Filters (N), results first, search and sort that keep each other,
// filter choices from the stock with counts, forgiving search, no results and the sourcing
// request), the car page (sticky Call/WhatsApp/Book bar, location, gallery, the monthly figure,
// sold cars), the quick view, and the small things (Financing in the menus, compare at 390 px,
// anchors without JavaScript, the chat button, the top strip). At 390 px, with and without JavaScript.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BROWSE_PAGE_SIZE } from "~/config/constants";
import { carPath } from "~/lib/car";
import { DESKTOP, JS_MODES, PHONE, screenshot, scrollWidth, settled, setupE2E } from "./harness";

const app = setupE2E({ browser: true });

interface Row {
  id: number;
  make: string;
  model: string;
  year: number;
  body_type: string;
  location: string | null;
  financing: number;
  sold: number;
}
const cars = () => app.rows<Row>("select * from cars order by id");
const unsold = () => cars().filter((c) => !c.sold);
const withPhotos = () =>
  unsold().filter((c) => app.rows("select id from car_images where car_id = ?", c.id).length > 1);

const cardIds = (page: Page) =>
  page
    .getByTestId("car-card")
    .locator("a[href^='/cars/']")
    .evaluateAll((links) => [...new Set(links.map((a) => Number(/\/cars\/(\d+)/.exec(a.getAttribute("href")!)![1])))]);

/** Whether an element's box is inside the viewport (what a phone shows without scrolling). */
async function onScreen(page: Page, selector: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await selector.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + Math.min(box.height, 40) <= height;
}

const count = async (page: Page) => Number((await page.getByText(/\d+ cars? found/).innerText()).split(" ")[0]);

describe.each(JS_MODES)("browse on a phone $label", ({ js }) => {
  it("folds the filters behind Filters (N), shows the first car at once; applying lands on results", async () => {
    const page = await app.open("/browse", { js, viewport: PHONE });
    const panel = page.getByRole("region", { name: "Filters" });
    expect(await panel.isVisible()).toBe(false);
    expect(await onScreen(page, page.getByTestId("car-card").first())).toBe(true);
    await page.locator("summary", { hasText: /^Filters/ }).click();
    expect(await panel.isVisible()).toBe(true);
    await page.locator('select[name="type"]').selectOption("SUV");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL((u) => u.searchParams.get("body_type") === "SUV" && u.hash === "#results");
    const suvs = unsold().filter((c) => c.body_type === "SUV").length;
    await expect.poll(() => count(page)).toBe(suvs);
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await page.locator("summary", { hasText: /^Filters/ }).innerText()).toBe("Filters (1)");
    // Landed on the results: the count is on screen, under the sticky header.
    await expect.poll(() => onScreen(page, page.locator("#results"))).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it("a search keeps the filters and the order, and its words stay in the box", async () => {
    const page = await app.open("/browse?body_type=SUV&sort=price_asc", { js, viewport: PHONE });
    const box = page.getByRole("textbox", { name: "Search cars" });
    await box.fill("toyota");
    await box.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("q") === "toyota");
    const url = new URL(page.url());
    expect(url.searchParams.get("body_type")).toBe("SUV");
    expect(url.searchParams.get("sort")).toBe("price_asc");
    await expect.poll(() => box.inputValue()).toBe("toyota");
    const expected = unsold().filter((c) => c.body_type === "SUV" && c.make === "Toyota").length;
    await expect.poll(() => count(page)).toBe(expected);
    expect(await page.getByLabel("Sort by").inputValue()).toBe("price_asc");
    // It lands on the results, not on the top of the page again.
    await expect.poll(() => onScreen(page, page.locator("#results"))).toBe(true);
  });

  it(js ? "applies a new order at once" : "applies a new order with Sort", async () => {
    const page = await app.open("/browse?body_type=Sedan", { js, viewport: PHONE });
    await page.getByLabel("Sort by").selectOption("price_desc");
    const sortButton = page.getByRole("button", { name: "Sort", exact: true });
    if (js) expect(await sortButton.count()).toBe(0);
    else await sortButton.click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "price_desc");
    expect(new URL(page.url()).searchParams.get("body_type")).toBe("Sedan");
    const prices = app.rows<{ id: number }>(
      "select id from cars where sold = 0 and body_type = 'Sedan' order by price desc, id desc",
    );
    await expect.poll(() => cardIds(page)).toEqual(prices.slice(0, BROWSE_PAGE_SIZE).map((r) => r.id));
    await expect.poll(() => onScreen(page, page.locator("#results"))).toBe(true);
  });

  it("offers every body type, fuel and drive train of the stock with its count, and suggests makes", async () => {
    const page = await app.open("/browse", { js, viewport: PHONE });
    const labels = (name: string) =>
      page.locator(`select[name="${name}"] option`).evaluateAll((o) => o.map((x) => x.textContent));
    const counted = (field: string) =>
      app.rows<{ v: string; n: number }>(
        `select ${field} as v, count(*) as n from cars where sold = 0 and ${field} is not null group by 1`,
      );
    for (const [name, field] of [
      ["type", "body_type"],
      ["fuelType", "fuel_type"],
      ["driveType", "drive_train"],
    ]) {
      const options = await labels(name);
      for (const { v, n } of counted(field)) expect(options, `${field} ${v}`).toContain(`${v} (${n})`);
    }
    // The specification's choices stay, with no car at all: Van.
    expect(await labels("type")).toContain(`Van (${counted("body_type").find((r) => r.v === "Van")?.n ?? 0})`);
    const makes = await page
      .locator("datalist#make-options option")
      .evaluateAll((o) => o.map((x) => x.getAttribute("label")));
    for (const { v, n } of counted("make")) expect(makes).toContain(`${v} (${n})`);
    expect(await page.getByLabel("Make").getAttribute("list")).toBe("make-options");
  });

  it("forgives: Mercedes finds Mercedes-Benz, corola finds Corolla, landcruiser finds Land Cruiser", async () => {
    for (const [query, keep] of [
      ["q=Mercedes", (c: Row) => c.make === "Mercedes-Benz"],
      ["make=Mercedes", (c: Row) => c.make === "Mercedes-Benz"],
      ["q=corola", (c: Row) => c.model.startsWith("Corolla")],
      ["q=landcruiser", (c: Row) => c.model.startsWith("Land Cruiser")],
    ] as const) {
      const page = await app.open(`/browse?${query}`, { js, viewport: PHONE });
      const expected = unsold().filter(keep);
      expect(expected.length, query).toBeGreaterThan(0);
      await expect.poll(() => count(page)).toBe(expected.length);
      const wanted = new Set(expected.map((c) => c.id));
      for (const id of await cardIds(page)) expect(wanted.has(id), `${query}: car ${id}`).toBe(true);
    }
  });

  it("with nothing found: says so, offers Clear filters, and takes a sourcing request into the inbox", async () => {
    const page = await app.open("/browse?make=Bugatti&maxPrice=90000000", { js, viewport: PHONE });
    const none = page.getByTestId("no-results");
    expect(await none.innerText()).toContain("No cars found matching your criteria.");
    expect(await none.getByRole("link", { name: "Clear filters" }).getAttribute("href")).toBe("/browse#results");
    const form = page.locator("#sourcing");
    expect(await form.getByRole("heading").innerText()).toBe("Can't find it? We'll source it for you");
    expect(await form.getByLabel("What car?").inputValue()).toBe("Bugatti");
    expect(await form.getByLabel("Budget (₦, optional)").inputValue()).toBe("90,000,000");
    // A phone number that is not one: the message shows, nothing is stored, what was typed stays.
    const name = `Buyer ${js ? "js" : "nojs"}`;
    await form.getByLabel("Your name").fill(name);
    await form.getByLabel("Phone number").fill("12345");
    await form.getByRole("button", { name: "Source it for me" }).click();
    await page.getByTestId("lead-error").waitFor();
    expect(await page.getByTestId("lead-error").innerText()).toContain("Enter a Nigerian mobile number");
    expect(await page.getByLabel("Your name").inputValue()).toBe(name);
    // The chat button stays, docked in a band of its own under the page on a phone: it never covers the error.
    const chat = (await page.locator("[data-chat-dock]").boundingBox())!;
    const error = (await page.getByTestId("lead-error").boundingBox())!;
    expect(chat.x).toBe(0);
    expect(error.y + error.height <= chat.y || error.y >= chat.y + chat.height).toBe(true);
    expect(app.rows("select id from sourcing_requests where name = ?", name)).toEqual([]);
    await page.getByLabel("Phone number").fill("0803 555 0142");
    await page.getByRole("button", { name: "Source it for me" }).click();
    await page.getByTestId("lead-success").waitFor();
    expect(new URL(page.url()).searchParams.get("make")).toBe("Bugatti");
    // With JavaScript the page scrolls smoothly to the answer.
    await expect.poll(() => onScreen(page, page.getByTestId("lead-success"))).toBe(true);
    const [stored] = app.rows<Record<string, unknown>>(
      "select name, phone, car_wanted, budget, search from sourcing_requests where name = ?",
      name,
    );
    expect(stored).toEqual({
      name,
      phone: "+2348035550142",
      car_wanted: "Bugatti",
      budget: 90_000_000,
      search: "?make=Bugatti&maxPrice=90000000",
    });
    const [lead] = app.rows<{ kind: string; summary: string }>(
      "select kind, summary from leads where kind = 'sourcing' and name = ?",
      name,
    );
    expect(lead).toEqual({ kind: "sourcing", summary: "Source a car: Bugatti, budget ₦90,000,000" });
    // Clear filters goes back to the whole stock.
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL((u) => u.pathname === "/browse" && u.search === "");
    await expect.poll(() => count(page)).toBe(unsold().length);
  });
});

describe.each(JS_MODES)("the car page on a phone $label", ({ js }) => {
  it("keeps Call, WhatsApp and Book inspection in a bottom bar, with the location beside the price", async () => {
    const car = unsold().find((c) => c.location)!;
    const page = await app.open(carPath(car), { js, viewport: PHONE });
    const bar = page.getByTestId("sticky-bar");
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(PHONE.height);
    expect(await bar.getByRole("link", { name: "Call" }).getAttribute("href")).toMatch(/^tel:\+234\d{10}$/);
    expect(await bar.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toMatch(/^\/go\/whatsapp\?/);
    expect(await bar.getByRole("link", { name: "Book inspection" }).getAttribute("href")).toBe(
      `/book-inspection?car=${car.id}`,
    );
    await page.mouse.wheel(0, 1500);
    await expect.poll(async () => Math.round((await bar.boundingBox())!.y + box.height)).toBe(PHONE.height);
    // The floating chat button steps aside: the bar has WhatsApp.
    expect(await page.getByTestId("chat-button").isVisible()).toBe(false);
    expect(await page.getByTestId("car-location").innerText()).toBe(car.location);
    // Every card says where its car is.
    const similar = page.getByRole("region", { name: "Similar cars" });
    const shown = await cardIds(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) {
      const where = cars().find((c) => c.id === id)!.location!;
      const card = similar.getByTestId("car-card").filter({ has: page.locator(`a[href^="/cars/${id}-"]`) });
      expect(await card.textContent()).toContain(where);
    }
    const desktop = await app.open(carPath(car), { js, viewport: DESKTOP });
    expect(await desktop.getByTestId("sticky-bar").isVisible()).toBe(false);
  });

  it("changes photo (with JavaScript without a request), swipes, and goes full screen", async () => {
    const car = withPhotos()[0];
    const n = app.rows("select id from car_images where car_id = ?", car.id).length;
    const page = await app.open(carPath(car), { js, viewport: PHONE });
    const photo = page.getByTestId("photo-stage").locator("img").first();
    expect(await photo.getAttribute("alt")).toContain(`(1 of ${n})`);
    const requests: string[] = [];
    // Anything but photos (and the icon the browser asks for by itself) would be a round trip.
    page.on("request", (r) => {
      if (r.resourceType() !== "image" && !r.url().endsWith("/favicon.svg")) requests.push(r.url());
    });
    await page.getByRole("link", { name: "Next image" }).click();
    await expect.poll(() => photo.getAttribute("alt")).toContain(`(2 of ${n})`);
    await page.waitForURL((u) => u.searchParams.get("photo") === "1");
    if (js) {
      expect(requests).toEqual([]);
      // A swipe to the left shows the next photo.
      const stage = (await page.getByTestId("photo-stage").boundingBox())!;
      const y = stage.y + stage.height / 4;
      await page.mouse.move(stage.x + stage.width * 0.75, y);
      await page.mouse.down();
      await page.mouse.move(stage.x + stage.width * 0.25, y, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => photo.getAttribute("alt")).toContain(`(3 of ${n})`);
      // Full screen, and a tap zooms in.
      await page.getByRole("link", { name: "Full screen" }).click();
      const full = page.getByTestId("photo-full");
      await full.waitFor();
      expect(await full.locator("img").getAttribute("alt")).toContain(`(3 of ${n})`);
      await full.locator("img").click();
      await expect.poll(() => full.locator("[data-zoom]").count()).toBe(1);
      await page.keyboard.press("Escape");
      await expect.poll(() => full.count()).toBe(0);
    } else {
      // Without JavaScript, full screen is the photo itself.
      const href = await page.getByRole("link", { name: "Full screen" }).getAttribute("href");
      expect(href).toMatch(/^\/uploads\//);
      expect((await fetch(app.url(href!))).headers.get("content-type")).toMatch(/^image\//);
    }
  });

  it("says what the monthly figure is, and its link opens the calculator worked out", async () => {
    const car = unsold().find((c) => c.financing)!;
    const page = await app.open(carPath(car), { js, viewport: PHONE });
    const monthly = page.locator('p[data-testid="monthly-from"]');
    const text = await monthly.innerText();
    const m = /^From (₦[\d,]+)\/month over 12 months after a (₦[\d,]+) deposit \(40%\)$/.exec(text);
    expect(m, text).not.toBeNull();
    await monthly.getByRole("link").click();
    await page.waitForURL((u) => u.pathname === `/financing/${car.id}`);
    await expect.poll(() => page.getByTestId("monthly-repayment").inputValue()).toBe(m![1]);
  });

  it("marks a sold car: SOLD on the photo, the notice before the price, no financing or contact bar", async () => {
    const car = cars().find((c) => c.sold)!;
    const page = await app.open(carPath(car), { js, viewport: PHONE });
    expect(await page.getByTestId("sold-ribbon").isVisible()).toBe(true);
    const notice = (await page.getByRole("status").filter({ hasText: "This car has been sold" }).boundingBox())!;
    const price = (await page.locator("main p[data-sold]").boundingBox())!;
    expect(notice.y).toBeLessThan(price.y);
    expect(await page.getByText("Financing available").count()).toBe(0);
    expect(await page.locator('p[data-testid="monthly-from"]').count()).toBe(0);
    expect(await page.getByRole("link", { name: /Apply/ }).count()).toBe(0);
    expect(await page.getByTestId("sticky-bar").count()).toBe(0);
  });
});

describe("the quick view on a phone", () => {
  it("shows the price, the monthly figure and the actions with Save without scrolling past the photo", async () => {
    const financed = unsold().find((c) => c.financing)!;
    const page = await app.open(`/browse?make=${encodeURIComponent(financed.make)}`, { js: true, viewport: PHONE });
    const card = page.getByTestId("car-card").filter({ has: page.locator(`a[href^="${carPath(financed)}"]`) });
    await card.first().getByRole("link", { name: "View Details" }).click();
    const box = page.getByTestId("car-lightbox");
    await box.getByRole("link", { name: "Book an inspection" }).waitFor();
    for (const control of [
      box.getByRole("link", { name: "Book an inspection" }),
      box.getByRole("link", { name: "Chat on WhatsApp" }),
      box.getByRole("button", { name: "Save" }),
      box.getByTestId("lightbox-monthly"),
    ]) {
      expect(await onScreen(page, control)).toBe(true);
    }
  });
});

describe.each(JS_MODES)("small things $label", ({ js }) => {
  it("has Financing in the header and the phone menu; the top strip is one line on a phone", async () => {
    const desktop = await app.open("/", { js, viewport: DESKTOP });
    expect(
      await desktop
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Financing" })
        .first()
        .isVisible(),
    ).toBe(true);
    const phone = await app.open("/", { js, viewport: PHONE });
    await phone.getByLabel("Menu").click();
    const link = phone.locator("details[open] a", { hasText: "Financing" });
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await phone.waitForURL((u) => u.pathname === "/financing");
    const strip = (await phone.locator("header > div").first().boundingBox())!;
    expect(strip.height).toBeLessThan(36);
  });

  it("compare fits 390 px: no sideways scroll, no figure cut, no word broken", async () => {
    const ids = unsold()
      .slice(0, 3)
      .map((c) => c.id);
    const page = await app.open(`/compare?ids=${ids.join(",")}`, { js, viewport: PHONE });
    await page.getByTestId("compare-table").waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const table = page.getByTestId("compare-table");
    // The three cars fit: nothing scrolls sideways inside the comparison's frame either.
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    const clipped = await table
      .locator("td, th")
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
    expect(clipped).toEqual([]);
    // No word is broken across two lines (a line may end at a space, a hyphen or a slash).
    const broken = await table.evaluate((el) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const m of text.matchAll(/[^\s\-/]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(m[0]);
        }
      }
      return split;
    });
    expect(broken).toEqual([]);
  });

  it.runIf(!js)(
    "without JavaScript, a heart on a similar car and the newsletter come back to where they were",
    async () => {
      const car = unsold()[0];
      const page = await app.open(carPath(car), { js, viewport: PHONE });
      const heart = page.locator('form[id^="similar-"]').first();
      const id = await heart.getAttribute("id");
      await heart.getByRole("button").click();
      await page.waitForURL((u) => u.hash === `#${id}`);
      expect(await page.locator(`form#${id} button`).getAttribute("aria-pressed")).toBe("true");
      expect(await onScreen(page, page.locator(`form#${id}`))).toBe(true);
      // It stays there once every photo has loaded: nothing above it grows.
      await page.waitForLoadState("networkidle");
      expect(await onScreen(page, page.locator(`form#${id}`))).toBe(true);

      const home = await app.open("/", { js, viewport: PHONE });
      const news = home.locator("#newsletter");
      await news.getByLabel("Name").fill("Ngozi");
      await news.getByLabel("Email").fill(`ngozi-${Date.now()}@example.com`);
      await news.getByRole("button").first().click();
      await home.waitForURL((u) => u.hash === "#newsletter-form");
      const status = home.getByTestId("newsletter-status");
      await status.waitFor();
      await screenshot(home, "buyer-newsletter-nojs-390", { fullPage: false });
      const info = await status.evaluate((el) => ({ y: el.getBoundingClientRect().y, sy: window.scrollY }));
      expect(await onScreen(home, status), JSON.stringify(info)).toBe(true);
      await home.waitForLoadState("networkidle");
      expect(await onScreen(home, status)).toBe(true);
    },
  );
});

describe("screenshots (look at them)", () => {
  it("browse, a car page and compare at 390 and 1280 px", async () => {
    const sold = cars().find((c) => c.sold)!;
    const car = withPhotos()[0];
    const ids = unsold()
      .slice(0, 3)
      .map((c) => c.id)
      .join(",");
    for (const [label, viewport] of [
      ["390", PHONE],
      ["1280", DESKTOP],
    ] as const) {
      const page = await app.open("/browse", { js: true, viewport });
      await settled(page);
      await screenshot(page, `buyer-browse-${label}`, { fullPage: false });
      if (label === "390") {
        await page.locator("summary", { hasText: /^Filters/ }).click();
        await settled(page);
        await screenshot(page, `buyer-browse-filters-open-${label}`);
      }
      await app.go(page, "/browse?make=Bugatti");
      await settled(page);
      await screenshot(page, `buyer-browse-none-${label}`);
      await app.go(page, carPath(car));
      await settled(page);
      await screenshot(page, `buyer-car-${label}`, { fullPage: false });
      await page.getByRole("link", { name: "Full screen" }).click();
      await page.getByTestId("photo-full").waitFor();
      await settled(page);
      await screenshot(page, `buyer-car-fullscreen-${label}`, { fullPage: false });
      await page.keyboard.press("Escape");
      // Closing the full-screen view goes back past its history entry: let that land first.
      await page.waitForFunction(() => !(window.history.state as { modal?: string } | null)?.modal);
      await app.go(page, carPath(sold));
      await settled(page);
      await screenshot(page, `buyer-car-sold-${label}`, { fullPage: false });
      await app.go(page, `/compare?ids=${ids}`);
      await settled(page);
      await screenshot(page, `buyer-compare-${label}`);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
    }
  });
});
