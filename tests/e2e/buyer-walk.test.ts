// A walk through the public site on a phone (issue 28, buyers): the car page's photo scrolls away,
// Back closes the quick view and the full-screen photo, the main photo shows from the HTML alone,
// the calculator's Close returns to the car, the WhatsApp button covers nothing, and small slips
// (one Mile, the closed-day message once, the date picker, answers landing where the eye is).
// At 390 px, with and without JavaScript where a link or a form is involved.
import Database from "better-sqlite3";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { carPath } from "~/lib/car";
import { addDays, lagosToday } from "~/lib/lead-schemas";
import { DESKTOP, JS_MODES, PHONE, setupE2E } from "./harness";

const app = setupE2E({ browser: true });

interface Row {
  id: number;
  make: string;
  model: string;
  year: number;
  financing: number;
  sold: number;
}
const unsold = () => app.rows<Row>("select * from cars where sold = 0 order by id");
const withPhotos = () =>
  unsold().filter((c) => app.rows("select id from car_images where car_id = ?", c.id).length > 1);

/** Whether `el` is what a tap at the middle of its box reaches (nothing drawn over it there). */
function reachable(el: Locator): Promise<boolean> {
  return el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (node === hit || node.contains(hit));
  });
}

/** Puts `el`'s top `y` px below the top of the screen. */
async function scrollTo(el: Locator, y: number): Promise<void> {
  await el.evaluate((node, at) => {
    const top = node.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top - at);
  }, y);
}

describe.each(JS_MODES)("the car page's photo on a phone $label", ({ js }) => {
  it("scrolls away with the page: nothing is ever drawn under it", async () => {
    const car = unsold().find((c) => c.financing)!;
    const page = await app.open(carPath(car), { js, viewport: PHONE });
    const targets = [
      page.locator("h1"),
      page.getByRole("link", { name: "Ask about this car" }),
      page.getByRole("button", { name: /Save/ }).first(),
      page.locator("[data-car-details] h2").first(),
      page.locator("[data-car-details] dl, [data-car-details] table").first(),
    ];
    for (const target of targets) {
      // Where the pinned photo used to sit (84 px from the top, 40 % of the screen).
      for (const y of [120, 250]) {
        await scrollTo(target, y);
        expect(await reachable(target), `${await target.evaluate((n) => n.outerHTML.slice(0, 80))} at ${y}`).toBe(true);
      }
    }
    const viewer = page.locator("[data-viewer]").first();
    await page.evaluate(() => window.scrollTo(0, 1200));
    const box = (await viewer.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(0);
  });

  it("a sold car's notice is never under the photo", async () => {
    const sold = app.rows<Row>("select * from cars where sold = 1 order by id")[0];
    const page = await app.open(carPath(sold), { js, viewport: PHONE });
    const notice = page.getByRole("status").filter({ hasText: "This car has been sold" });
    await scrollTo(notice, 150);
    expect(await reachable(notice)).toBe(true);
  });
});

describe("the car page's photo on a desktop", () => {
  it("stays in view beside the facts, covering none of them", async () => {
    const car = unsold().find((c) => c.financing)!;
    const page = await app.open(carPath(car), { js: true, viewport: DESKTOP });
    const viewer = page.locator("[data-viewer]").first();
    await page.evaluate(() => window.scrollTo(0, 600));
    const photo = (await viewer.boundingBox())!;
    expect(photo.y).toBeGreaterThanOrEqual(0);
    const info = (await page.locator("h1").boundingBox())!;
    expect(info.x).toBeGreaterThanOrEqual(photo.x + photo.width);
  });
});

describe("Back closes what is open (with JavaScript)", () => {
  it("the quick view: Back leaves the search results where they were", async () => {
    const page = await app.open("/", { js: true, viewport: PHONE });
    const box = page.getByRole("textbox", { name: "Search cars" }).first();
    await box.fill("toyota");
    await box.press("Enter");
    await page.waitForURL((u) => u.pathname === "/browse" && u.searchParams.get("q") === "toyota");
    await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
    const results = page.url();
    const cards = page.getByTestId("car-card");
    await scrollTo(cards.nth(1), 100);
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await cards.nth(1).getByRole("link", { name: "View Details" }).click();
    const dialog = page.getByTestId("car-lightbox");
    await dialog.waitFor();
    await page.waitForURL((u) => u.pathname.startsWith("/cars/"));
    await page.goBack();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(page.url()).toBe(results);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await page.getByText(/\d+ cars? found for “toyota”/).isVisible()).toBe(true);
    // Closing it with its button goes back too: no stray entry is left behind.
    await cards.nth(1).getByRole("link", { name: "View Details" }).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: /Close/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.url()).toBe(results);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/");
  });

  it("the full-screen photo: Back closes it and stays on the car (and on the quick view under it)", async () => {
    const car = withPhotos()[0];
    const page = await app.open(carPath(car), { js: true, viewport: PHONE });
    await page.getByRole("link", { name: "Next image" }).click();
    await page.waitForURL((u) => u.searchParams.get("photo") === "1");
    await page.getByRole("link", { name: "Full screen" }).click();
    const full = page.getByTestId("photo-full");
    await full.waitFor();
    await full.getByRole("button", { name: "Next image" }).click();
    await page.goBack();
    await expect.poll(() => full.count()).toBe(0);
    // Still the car, its address naming the photo shown.
    await expect.poll(() => new URL(page.url()).searchParams.get("photo")).toBe("2");
    expect(new URL(page.url()).pathname).toBe(carPath(car));

    await app.go(page, `/browse?make=${encodeURIComponent(car.make)}`);
    const results = page.url();
    const card = page.getByTestId("car-card").filter({ has: page.locator(`a[href^="${carPath(car)}"]`) });
    await card.getByRole("link", { name: "View Details" }).click();
    const dialog = page.getByTestId("car-lightbox");
    await dialog.getByRole("link", { name: "Full screen" }).click();
    await full.waitFor();
    await page.goBack();
    await expect.poll(() => full.count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(page.url()).toBe(results);
  });
});

describe("the quick view without JavaScript", () => {
  it("is the car's own page: a plain link, and Back returns to the results", async () => {
    const page = await app.open("/browse?q=toyota", { js: false, viewport: PHONE });
    const results = page.url();
    const link = page.getByTestId("car-card").first().getByRole("link", { name: "View Details" });
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/cars\/\d+-/);
    await link.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.goBack();
    expect(page.url()).toBe(results);
  });
});

describe.each(JS_MODES)("the main car photo $label", ({ js }) => {
  it("shows from the HTML alone, before (or without) any script: no grey block, no spinner", async () => {
    const car = withPhotos()[0];
    const page = await app.newPage({ js, viewport: PHONE });
    // Scripts that never arrive (a slow phone): the photo must not wait for them.
    await page.route(/\.js(\?|$)/, () => {});
    // (A module script that never arrives holds DOMContentLoaded and load back: wait for the HTML only.)
    await page.goto(app.url(carPath(car)), { waitUntil: "commit" });
    await page.getByTestId("photo-stage").waitFor();
    const stage = page.getByTestId("photo-stage");
    const img = stage.locator("img").first();
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);
    expect(await img.isVisible()).toBe(true);
    expect(await stage.getByRole("status", { name: "Loading image" }).isVisible()).toBe(false);
    expect(await stage.getByRole("img", { name: "Image not available" }).isVisible()).toBe(false);
  });
});

describe.each(JS_MODES)("the calculator's Close $label", ({ js }) => {
  it("returns to the car the buyer came from, at the place they were", async () => {
    const car = unsold().find((c) => c.financing)!;
    const page = await app.open(carPath(car), { js, viewport: PHONE });
    const link = page.locator('p[data-testid="monthly-from"]').getByRole("link");
    await scrollTo(link, 300);
    await link.click();
    await page.waitForURL((u) => u.pathname === `/financing/${car.id}`);
    await page.getByTestId("financing-view").getByRole("link", { name: "Close" }).click();
    await page.waitForURL((u) => u.pathname === carPath(car));
    await page.waitForLoadState("load");
    // The monthly figure the buyer tapped is on screen again.
    await expect
      .poll(async () => {
        const box = await link.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
      })
      .toBe(true);
  });
});

/** Every control a finger can tap, seen on screen. */
const TAPPABLE = "a[href], button, input:not([type=hidden]), select, textarea, summary, label";

/** At the current scroll position, the tappable elements that something else covers at their middle. */
function covered(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const vh = window.innerHeight;
    // The bottom band (the chat dock or the car's contact bar) is the screen's edge: the page ends above it.
    let bottom = vh;
    for (const band of document.querySelectorAll('[data-testid="sticky-bar"], [data-chat-dock]')) {
      const r = band.getBoundingClientRect();
      if (r.height > 0 && r.width >= window.innerWidth - 1 && Math.round(r.bottom) >= vh)
        bottom = Math.min(bottom, r.top);
    }
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest("dialog:not([open]), template, [hidden]")) continue;
      const r = el.getBoundingClientRect();
      const top = Math.max(r.top, 0);
      const end = Math.min(r.bottom, bottom);
      if (r.width < 4 || end - top < 4 || getComputedStyle(el).visibility === "hidden") continue;
      // Its middle and four points just inside its corners.
      const left = Math.max(r.left, 0) + 3;
      const right = Math.min(r.right, window.innerWidth) - 3;
      const points = [
        [(left + right) / 2, (top + end) / 2],
        [left, top + 3],
        [right, top + 3],
        [left, end - 3],
        [right, end - 3],
      ];
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || el.contains(hit) || hit.contains(el)) continue;
        // Only the chat button is on trial here.
        if (hit.closest('[data-testid="chat-button"], [aria-label="WhatsApp chat"]')) {
          out.push(`${el.tagName} "${(el.textContent ?? "").trim().slice(0, 30)}" at ${Math.round(r.top)}`);
          break;
        }
      }
    }
    return out;
  }, TAPPABLE);
}

describe("the floating WhatsApp button at 390 px", () => {
  it("stays on every public page and is never over anything tappable, from the top to the end", async () => {
    const car = unsold().find((c) => c.financing)!;
    for (const path of ["/", "/browse", "/financing", carPath(car)]) {
      const page = await app.open(path, { js: true, viewport: PHONE });
      // A chat link is always in reach: the floating button, or on a car the contact bar's WhatsApp.
      const chat = path.startsWith("/cars/")
        ? page.getByTestId("sticky-bar").getByRole("link", { name: "WhatsApp" })
        : page.getByTestId("chat-button");
      expect(await chat.isVisible(), path).toBe(true);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const problems: string[] = [];
      for (let y = 0; y < height; y += 300) {
        await page.evaluate((to) => window.scrollTo(0, to), y);
        problems.push(...(await covered(page)).map((p) => `${path} @${y}: ${p}`));
      }
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      problems.push(...(await covered(page)).map((p) => `${path} @end: ${p}`));
      // At the end of the page, room is kept: nothing tappable sits behind the bottom band either.
      const behind = await page.evaluate((selector) => {
        const band = document.querySelector('[data-testid="sticky-bar"], [data-chat-dock]');
        const b = band?.getBoundingClientRect();
        if (!b || b.height === 0) return [];
        return [...document.querySelectorAll<HTMLElement>(selector)]
          .filter((el) => !band?.contains(el) && !el.closest("dialog:not([open]), template, [hidden]"))
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && r.height > 0 && r.bottom > b.top + 1 && r.top < b.bottom)
          .map(({ el }) => `${el.tagName} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
      }, TAPPABLE);
      problems.push(...behind.map((p) => `${path} @end behind the band: ${p}`));
      expect(problems).toEqual([]);
    }
  });
});

describe.each(JS_MODES)("small slips $label", ({ js }) => {
  it("one Mile, not '1 Miles', on the car page, its card and the calculator", async () => {
    const car = unsold().find((c) => c.financing)!;
    const db = new Database(app.server.dbPath);
    db.pragma("busy_timeout = 5000");
    try {
      db.prepare("UPDATE cars SET mileage = 1 WHERE id = ?").run(car.id);
    } finally {
      db.close();
    }
    const page = await app.open(carPath(car), { js, viewport: PHONE });
    expect(await page.locator("[data-car-details]").innerText()).toMatch(/\b1 Mile\b(?!s)/);
    await app.go(page, `/browse?make=${encodeURIComponent(car.make)}&model=${encodeURIComponent(car.model)}`);
    const card = page.getByTestId("car-card").filter({ has: page.locator(`a[href^="${carPath(car)}"]`) });
    // Its text, not innerText: an off-screen card is not rendered (content-visibility).
    expect(await card.locator("li").allTextContents()).toContain("1 Mile");
    await app.go(page, `/financing/${car.id}`);
    expect(await page.getByTestId("financing-view").innerText()).toMatch(/\b1 Mile\b(?!s)/);
    expect(await page.locator("body").innerText()).not.toMatch(/(^|[^\d,])1 Miles/);
  });

  it("the booking form: never offers a closed day first, and says a closed day once", async () => {
    const page = await app.open("/book-inspection", { js, viewport: PHONE });
    const date = page.getByLabel(/^Inspection date/);
    const today = lagosToday();
    const sundayOf = (iso: string) => {
      let d = iso;
      while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0) d = addDays(d, 1);
      return d;
    };
    const min = (await date.getAttribute("min"))!;
    expect(new Date(`${min}T00:00:00Z`).getUTCDay()).not.toBe(0);
    expect(min >= today).toBe(true);
    const sunday = sundayOf(addDays(today, 1));
    await page.getByLabel(/^Full name/).fill("Ada Obi");
    await page.getByLabel(/^Phone number/).fill("08031234567");
    await page.getByLabel(/^Email address/).fill("ada@example.com");
    await page.getByLabel(/^Car make/).fill("Toyota");
    await page.getByLabel(/^Car model/).fill("Camry");
    await date.fill(sunday);
    const message = /We are closed on Sundays/;
    await page.getByRole("button", { name: "Submit" }).click();
    if (js) {
      // Refused in the page at once: the field says why (once), takes the focus, and nothing is sent.
      await expect.poll(() => page.getByText(message).count()).toBe(1);
      expect(await date.getAttribute("aria-invalid")).toBe("true");
      await expect.poll(() => date.evaluate((i) => i === document.activeElement)).toBe(true);
      expect(await page.getByTestId("lead-error").count()).toBe(0);
    } else {
      await page.getByTestId("lead-error").waitFor();
      // Once in the answer; and the date field is marked.
      expect(await page.getByTestId("lead-error").getByText(message).count()).toBe(1);
      expect(await date.getAttribute("aria-invalid")).toBe("true");
      const notice = (await page.getByTestId("lead-error").boundingBox())!;
      expect(notice.y).toBeGreaterThanOrEqual(0);
      expect(notice.y).toBeLessThan(PHONE.height);
    }
    expect(app.rows("select id from inspections where inspection_date = ?", sunday)).toEqual([]);
  });

  it("the contact form's error lands where the eye is", async () => {
    const page = await app.open("/connect", { js, viewport: PHONE });
    await page.getByLabel(/^Full Name/).fill("Ada Obi");
    await page.getByLabel(/^Phone Number/).fill("12");
    await page.getByLabel(/^Email Address/).fill("ada@example.com");
    await page.getByLabel(/^Your Message/).fill("Is the Camry still available?");
    // The browser's own checks would stop a bad phone before the server sees it: this is the server's answer.
    await page
      .locator("form")
      .filter({ has: page.getByLabel(/^Your Message/) })
      .evaluate((f: HTMLFormElement) => {
        f.noValidate = true;
      });
    await page.getByRole("button", { name: "Send Message" }).click();
    const error = page.getByTestId("lead-error");
    await error.waitFor();
    await expect
      .poll(async () => {
        const box = await error.boundingBox();
        return box !== null && box.y >= 0 && box.y < PHONE.height - 40;
      })
      .toBe(true);
  });

  it("the calculator's result lands where the eye is", async () => {
    const car = unsold().find((c) => c.financing)!;
    const page = await app.open(`/financing/${car.id}`, { js, viewport: PHONE });
    await page.getByLabel("Loan Period").selectOption("6");
    await page.getByRole("button", { name: "Calculate" }).click();
    if (!js) await page.waitForURL((u) => u.searchParams.get("calculate") === "1");
    const result = page.getByTestId("monthly-repayment");
    await expect.poll(() => result.inputValue()).not.toBe("₦0");
    await expect
      .poll(async () => {
        const box = await result.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
      })
      .toBe(true);
  });
});
