// The public showroom in Chromium: home, browse, the car view, the newsletter and the menu.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HOME_REFRESH_MS, SLIDESHOW_INTERVAL_MS } from "~/config/constants";
import { JS_MODES, PHONE, scrollWidth, setupE2E } from "./harness";

const app = setupE2E({ browser: true });

// textContent, not innerText: a card far off screen is not rendered yet (content-visibility), and
// innerText reads only what is rendered.
const cardTitles = async (page: Page, scope = "") =>
  (await page.locator(`${scope} [data-testid="car-card"] h3`).allTextContents()).map((t) => t.trim());

describe.each(JS_MODES)("home $label", ({ js }) => {
  it("shows the hero, tiles, arrivals, collection, tabs and gallery", async () => {
    // The slideshow's timer runs on the page's fake clock: the first slide stays until the test moves time on.
    const page = await app.newPage({ js });
    if (js) await page.clock.install();
    await app.go(page, "/");
    await expect(page.getByRole("link", { name: "Explore Now" }).getAttribute("href")).resolves.toBe("/browse");
    expect(await page.locator('[data-testid="hero-slide"]').count()).toBe(4);
    expect(await page.locator('[data-testid="body-type-tile"]').count()).toBe(4);
    expect(await page.locator('[data-testid="new-arrivals"] [data-testid="car-card"]').count()).toBe(6);
    expect(await page.locator('#collection [data-testid="car-card"]').count()).toBe(12);
    expect(await page.locator('[data-testid="gallery-image"]').count()).toBe(8);
    const active = () => page.locator('[data-testid="hero-slide"][data-active="true"]').getAttribute("src");
    expect(await active()).toBe("/images/hero-1.webp");
    if (js) {
      await page.clock.fastForward(SLIDESHOW_INTERVAL_MS);
      await expect.poll(active).toBe("/images/hero-2.webp");
    }
  });

  it("switches condition tabs by link", async () => {
    const page = await app.open("/", { js });
    const tab = page.locator("#conditions");
    // Sections below the fold are laid out only near the viewport (content-visibility: auto), where
    // innerText is empty: read the text of the document instead.
    const text = async (l: Locator) => ((await l.textContent()) ?? "").trim();
    expect(await text(tab.locator('[aria-current="true"]'))).toBe("New Cars");
    const badges = tab.locator('[data-testid="car-card"] [data-testid="condition-badge"]');
    expect(await badges.count()).toBeGreaterThan(0);
    for (const badge of await badges.all()) expect((await text(badge)).toUpperCase()).toBe("NEW");
    await tab.getByRole("link", { name: "Foreign Used Cars" }).click();
    await page.waitForURL(/condition=foreign-used/);
    await tab.locator('[aria-current="true"]', { hasText: "Foreign Used Cars" }).waitFor();
    const cards = tab.locator('[data-testid="car-card"]');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      expect((await text(card.locator('[data-testid="condition-badge"]').first())).toUpperCase()).toBe("FOREIGN USED");
    }
  });

  it("pages Our Collection with numbered links", async () => {
    const page = await app.open("/", { js });
    const first = await cardTitles(page, "#collection");
    await page.locator("#collection").getByRole("link", { name: "Page 2", exact: true }).click();
    await page.waitForURL(/\?page=2/);
    await page.locator('#collection [aria-current="page"]', { hasText: "2" }).waitFor();
    const second = await cardTitles(page, "#collection");
    expect(second.length).toBe(12);
    expect(second[0]).not.toBe(first[0]);
    if (js) await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeLessThan(50);
  });

  it("searches from the hero box", async () => {
    const page = await app.open("/", { js });
    const box = page.getByRole("textbox", { name: "Search cars" }).first();
    if (js) await expect.poll(() => page.getByRole("button", { name: "Search" }).first().isDisabled()).toBe(true);
    if (js) {
      await box.fill("   ");
      await expect.poll(() => page.getByRole("button", { name: "Search" }).first().isDisabled()).toBe(true);
    }
    await box.fill("camry");
    if (js) await expect.poll(() => page.getByRole("button", { name: "Search" }).first().isEnabled()).toBe(true);
    await box.press("Enter");
    await page.waitForURL(/\/browse\?q=camry$/);
    await page.getByText(/cars? found for “camry”/).waitFor();
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t.toLowerCase()).toContain("camry");
  });

  it("goes to browse from a body-type tile", async () => {
    const page = await app.open("/", { js });
    await page.locator('[data-testid="body-type-tile"]', { hasText: "Truck" }).click();
    await page.waitForURL(/\/browse\?body_type=Truck$/);
    await expect(page.locator('select[name="type"]').inputValue()).resolves.toBe("Truck");
    expect((await cardTitles(page)).length).toBeGreaterThan(0);
  });
});

describe("home on a slow phone", () => {
  it("loads no validation library and stays within a JavaScript budget", async () => {
    const page = await app.newPage({ js: true, viewport: PHONE });
    const scripts: Promise<string>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "script") scripts.push(res.text());
    });
    await app.go(page, "/");
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.some((b) => b.includes("ZodError"))).toBe(false);
    const bytes = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0);
    expect(bytes).toBeLessThan(650 * 1024);
  });
});

describe.each(JS_MODES)("home collection on a phone $label", ({ js }) => {
  it("lays the cards out as short rows (photo left) with every card field", async () => {
    const page = await app.open("/", { js, viewport: PHONE });
    const card = page.locator('#collection [data-testid="car-card"]').first();
    const box = (await card.boundingBox())!;
    const photo = (await card.locator("img").boundingBox())!;
    const title = (await card.locator("h3").boundingBox())!;
    expect(box.height).toBeLessThan(240);
    expect(photo.x + photo.width).toBeLessThanOrEqual(title.x);
    await expect(card.locator("h3").textContent()).resolves.toMatch(/^.+ - \d{4}$/);
    await expect(card.getByText(/Miles$/).isVisible()).resolves.toBe(true);
    await expect(card.getByText(/^₦[\d,]+$/).isVisible()).resolves.toBe(true);
    await expect(card.getByRole("link", { name: "View Details" }).isVisible()).resolves.toBe(true);
    // From 36em up it is the usual card, photo on top.
    await page.setViewportSize({ width: 1280, height: 900 });
    const wide = (await card.boundingBox())!;
    const widePhoto = (await card.locator("img").boundingBox())!;
    expect(widePhoto.y + widePhoto.height).toBeLessThanOrEqual((await card.locator("h3").boundingBox())!.y);
    expect(wide.height).toBeGreaterThan(300);
  });
});

describe("home with JavaScript", () => {
  it("refreshes the lists every 30 s from the page itself (the cached copy), keeping the rest", async () => {
    const page = await app.newPage({ js: true });
    await page.clock.install();
    const fetched: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "fetch" && fetched.push(r.url())));
    await app.go(page, "/?page=2");
    // The page's clock stops (it no longer runs with real time while the test works on the page).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    // Marks a list (it is replaced by the fresh copy) and what is not one (it stays).
    await page.locator("#collection").evaluate((el) => el.setAttribute("data-old", ""));
    await page.locator("#body-types").evaluate((el) => el.setAttribute("data-kept", ""));
    // textContent, not innerText: a section off screen (content-visibility: auto) has no rendered text.
    const heading = async () => (await page.locator("#collection h3").first().textContent())?.trim();
    const before = await heading();
    expect(before).toBeTruthy();
    // The timer started as the page loaded, shortly before the clock stopped.
    await page.clock.fastForward(HOME_REFRESH_MS - 3_000);
    expect(fetched).toEqual([]);
    await page.clock.fastForward(4_000);
    await expect.poll(() => fetched.length).toBeGreaterThan(0);
    const refresh = new URL(fetched[0]);
    expect(refresh.pathname + refresh.search).toBe("/?page=2");
    await expect.poll(() => page.locator("#collection[data-old]").count()).toBe(0);
    await expect.poll(heading).toBe(before);
    expect(await page.locator("#body-types[data-kept]").count()).toBe(1);
  });

  it("shows the placeholder 'Image not available' when a card photo fails", async () => {
    const page = await app.newPage({ js: true });
    await page.route(/\/uploads\/.*\.card\.webp$/, (route) => route.fulfill({ status: 404, body: "" }));
    await app.go(page, "/browse");
    const img = page.locator('[data-testid="car-card"] img').first();
    await expect.poll(() => img.getAttribute("alt")).toBe("Image not available");
    expect(await img.getAttribute("src")).toBe("/images/placeholder-car.svg");
  });
});

describe.each(JS_MODES)("car photos $label", ({ js }) => {
  it("offer the thumbnail and card WebP with sizes, so a phone never fetches an original", async () => {
    const page = await app.newPage({ js, viewport: PHONE });
    const images: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "image" && images.push(new URL(r.url()).pathname)));
    await app.go(page, "/browse");
    const img = page.locator('[data-testid="car-card"] img').first();
    const srcset = (await img.getAttribute("srcset"))!;
    expect(srcset).toMatch(/^\/uploads\/[^ ]+\.thumb\.webp 200w, \/uploads\/[^ ]+\.card\.webp 640w$/);
    expect(await img.getAttribute("src")).toMatch(/\.card\.webp$/);
    expect(await img.getAttribute("sizes")).toContain("100vw");
    const id = (await page.locator('[data-testid="car-card"] a').first().getAttribute("href"))!.split("/").pop();
    await app.go(page, `/cars/${id}`);
    await page.locator('[data-testid="photo-stage"] img').waitFor();
    expect(await page.locator('[data-testid="photo-stage"] img').getAttribute("srcset")).toMatch(
      /\.thumb\.webp 200w, .+\.card\.webp 640w$/,
    );
    const uploads = images.filter((p) => p.startsWith("/uploads/"));
    expect(uploads.length).toBeGreaterThan(0);
    expect(uploads.filter((p) => !p.endsWith(".webp"))).toEqual([]);
  });
});

describe("chat button", () => {
  it("shows on public pages and not on admin pages", async () => {
    const page = await app.newPage({ js: false });
    await page.goto(app.url("/about"));
    // Every chat link goes through /go/whatsapp, which counts the click and sends the visitor on to wa.me.
    expect(await page.getByTestId("chat-button").getAttribute("href")).toBe("/go/whatsapp?from=%2Fabout");
    await page.goto(app.url("/admin/login"));
    expect(await page.getByTestId("chat-button").count()).toBe(0);
  });
});

describe.each(JS_MODES)("browse $label", ({ js }) => {
  it("applies filters into a canonical URL and pages the results", async () => {
    const page = await app.open("/browse", { js });
    expect((await cardTitles(page)).length).toBe(6);
    await page.locator('select[name="type"]').selectOption("SUV");
    await page.getByLabel("Max price (₦)").fill("300000000");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL((u) => u.search === "?body_type=SUV&maxPrice=300000000");
    const found = Number((await page.getByText(/\d+ cars? found/).innerText()).split(" ")[0]);
    expect(found).toBeGreaterThan(6);
    await page.getByRole("link", { name: "Page 2", exact: true }).click();
    await page.waitForURL(/body_type=SUV&maxPrice=300000000&page=2/);
    await expect(page.locator('select[name="type"]').inputValue()).resolves.toBe("SUV");
    expect((await cardTitles(page)).length).toBeGreaterThan(0);
  });

  it("renames the panel's names, ignores bad values with a note, and says when nothing matches", async () => {
    const page = await app.open("/browse?type=Truck&fuelType=Diesel&driveType=&minPrice=abc", { js });
    expect(new URL(page.url()).search).toBe("?body_type=Truck&fuel_type=Diesel&minPrice=abc");
    await page.getByText("Some filters were ignored").waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Min price" }).count()).toBe(1);
    expect((await cardTitles(page)).length).toBeGreaterThan(0);
    await page.goto(app.url("/browse?make=NoSuchMake"));
    await expect
      .poll(() => page.getByText("No cars found matching your criteria.").isVisible(), { timeout: 10_000 })
      .toBe(true);
  });

  it("filters by key features from the checkboxes", async () => {
    const page = await app.open("/browse", { js });
    await page.getByText("More filters").click();
    await page.getByLabel("Sunroof", { exact: true }).check();
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/keyFeatures=Sunroof/);
    await expect(page.getByLabel("Sunroof", { exact: true }).isChecked()).resolves.toBe(true);
    expect((await cardTitles(page)).length).toBeGreaterThan(0);
  });
});

describe("car view", () => {
  it("opens the lightbox with JavaScript, updates the URL and closes by Escape, button and outside click", async () => {
    const page = await app.open("/browse", { js: true });
    const title = (await cardTitles(page))[0];
    await page.getByRole("link", { name: "View Details" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect(dialog.getByRole("heading", { level: 2 }).innerText()).resolves.toBe(title);
    await expect(page.title()).resolves.toMatch(/^Browse Cars/);
    // The car's canonical address: /cars/<id>-<make>-<model>-<year>.
    expect(new URL(page.url()).pathname).toMatch(/^\/cars\/\d+-[a-z0-9-]+-\d{4}$/);
    // The card's photo, name and price show at once; the facts arrive with the car's details.
    await dialog.getByTestId("car-facts").waitFor();
    for (const label of [
      "Condition",
      "Type",
      "Transmission",
      "Mileage",
      "Engine Capacity",
      "Engine Size",
      "Fuel Type",
      "Drive Type",
      "Custom Paper",
      "Color",
      "Registered",
    ]) {
      expect(await dialog.locator("dt", { hasText: new RegExp(`^${label}$`) }).count()).toBe(1);
    }
    const counter = dialog.getByText(/^1 \/ \d+$/);
    const total = Number((await counter.innerText()).split("/ ")[1]);
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await dialog.getByText(`${total} / ${total}`).waitFor();
    await dialog.getByRole("button", { name: "Next image" }).click();
    await dialog.getByText(`1 / ${total}`).waitFor();
    await dialog.getByRole("button", { name: "Show photo 2" }).click();
    await dialog.getByText(`2 / ${total}`).waitFor();
    await page.locator('[data-testid="photo-stage"][data-status="complete"]').waitFor();
    // The floating chat button sits under the overlay; the lightbox has its own, naming the car.
    const chat = await dialog.getByTestId("lightbox-chat").getAttribute("href");
    expect(chat).toMatch(/^\/go\/whatsapp\?car=\d+&from=%2Fbrowse$/);
    const onward = await fetch(app.url(chat!), { method: "HEAD", redirect: "manual" });
    expect(decodeURIComponent(onward.headers.get("Location")!)).toContain(title.split(" - ")[0]);
    await page.keyboard.press("ArrowRight");
    await dialog.getByText(`${(2 % total) + 1} / ${total}`).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL((u) => u.pathname === "/browse"); // the dialog's close event restores it

    await page.getByRole("link", { name: "View Details" }).nth(1).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("link", { name: "View Details" }).nth(2).click();
    await dialog.waitFor();
    await page.mouse.click(5, 400);
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL((u) => u.pathname === "/browse"); // the dialog's close event restores it
  });

  it("returns the focus to the card that opened the lightbox and fills the screen on a phone", async () => {
    const page = await app.open("/browse", { js: true });
    const dialog = page.getByRole("dialog");
    const opener = page.getByRole("link", { name: "View Details" }).nth(1);
    const href = await opener.getAttribute("href");
    const focusedHref = () => page.evaluate(() => document.activeElement?.getAttribute("href") ?? null);
    // Keyboard: Enter opens, the focus moves into the dialog, Escape closes and gives it back.
    await opener.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(focusedHref).toBe(href);
    // The Close button and a click on the backdrop give it back too.
    await opener.click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(focusedHref).toBe(href);
    await opener.click();
    await dialog.waitFor();
    await page.mouse.click(1275, 450);
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(focusedHref).toBe(href);
    await page.waitForURL((u) => u.pathname === "/browse"); // the dialog's close event restores it

    const phone = await app.open("/browse", { js: true, viewport: PHONE });
    await phone.getByRole("link", { name: "View Details" }).first().click();
    const lightbox = phone.getByRole("dialog");
    await lightbox.evaluate((d) => Promise.all(d.getAnimations().map((a) => a.finished)));
    const box = (await lightbox.boundingBox())!;
    expect([box.x, box.y, box.width, box.height].map(Math.round)).toEqual([0, 0, PHONE.width, PHONE.height]);
    expect(await scrollWidth(phone)).toBeLessThanOrEqual(PHONE.width);
  });

  it("renders the car page on the server without JavaScript", async () => {
    const page = await app.open("/", { js: false });
    const title = (await cardTitles(page, "#collection"))[0];
    await page.locator("#collection").getByRole("link", { name: "View Details" }).first().click();
    await page.waitForURL(/\/cars\/\d+-[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(title);
    expect(await page.title()).toMatch(/ for ₦[\d,]+ \| /);
    const book = await page.getByRole("link", { name: "Book an inspection" }).getAttribute("href");
    expect(book).toMatch(/^\/book-inspection\?car=\d+$/);
    await page.getByRole("link", { name: "Next image" }).click();
    await page.waitForURL(/\?photo=1$/);
    await page.getByText(/^2 \/ \d+$/).waitFor();
    const chat = await page.getByTestId("chat-button").getAttribute("href");
    expect(chat).toMatch(/^\/go\/whatsapp\?car=\d+&from=%2Fcars%2F\d+/);
    const onward = await fetch(app.url(chat!), { method: "HEAD", redirect: "manual" });
    expect(onward.status).toBe(302);
    expect(decodeURIComponent(onward.headers.get("Location")!)).toContain(title.split(" - ")[0]);
  });

  it("answers 404 for an unknown car and shows a sold car with a notice", async () => {
    expect((await fetch(app.url("/cars/999999"))).status).toBe(404);
    expect((await fetch(app.url("/cars/abc"))).status).toBe(404);
    const [sold] = app.rows<{ id: number }>("select id from cars where sold = 1 limit 1");
    const page = await app.open(`/cars/${sold.id}`, { js: false });
    await page.getByRole("status").filter({ hasText: "This car has been sold." }).waitFor();
    expect(await page.title()).toContain("(Sold)");
    expect(await page.getByRole("link", { name: "Book an inspection" }).count()).toBe(0);
  });
});

describe.each(JS_MODES)("newsletter $label", ({ js }) => {
  it("subscribes, lists this visitor's entry, clears the fields, and refuses a bad email", async () => {
    const page = await app.open("/#newsletter", { js });
    const form = page.locator("#newsletter");
    const email = `reader-${js ? "js" : "nojs"}@example.com`;
    await form.getByLabel("Name").fill("Chioma Eze");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await page.locator("#newsletter").getByRole("status").filter({ hasText: "Subscription successful!" }).waitFor();
    await expect(page.getByTestId("subscribed-users").innerText()).resolves.toContain(`Chioma Eze (${email})`);
    await expect.poll(() => page.locator("#newsletter").getByLabel("Name").inputValue()).toBe("");
    await expect.poll(() => page.locator("#newsletter").getByLabel("Email").inputValue()).toBe("");

    // Passes the browser's email check, fails the server's.
    await page.locator("#newsletter").getByLabel("Name").fill("Bad Email");
    await page.locator("#newsletter").getByLabel("Email").fill("bad@localhost");
    await page.locator("#newsletter").getByRole("button", { name: "Subscribe" }).click();
    await page
      .locator("#newsletter")
      .getByRole("alert")
      .filter({ hasText: "Subscription failed. Please try again." })
      .waitFor();
    await page.getByText("Enter a valid email address").waitFor();
    await expect(page.locator("#newsletter").getByLabel("Email").inputValue()).resolves.toBe("bad@localhost");
    await expect(page.locator("#newsletter").getByLabel("Name").inputValue()).resolves.toBe("Bad Email");

    // The list belongs to this visitor: a fresh browser does not see it.
    const other = await app.open("/", { js });
    expect(await other.getByTestId("subscribed-users").count()).toBe(0);
  });
});

describe.each(JS_MODES)("mobile menu at 390 px $label", ({ js }) => {
  it("opens the side menu and closes it on a link click", async () => {
    const page = await app.open("/", { js, viewport: PHONE });
    // The top strip is one line on a phone: the first number stays in view (tests/e2e/buyer-phone.test.ts).
    const phones = page.locator("header a[href^='tel:']");
    expect(await phones.count()).toBeGreaterThan(0);
    expect(await phones.first().isVisible()).toBe(true);
    const panel = page.locator("nav[aria-label='Main'] details");
    expect(await page.locator("nav[aria-label='Main'] details a", { hasText: "About Us" }).isVisible()).toBe(false);
    await page.getByLabel("Menu").click();
    await expect(panel.getAttribute("open")).resolves.not.toBeNull();
    const about = panel.getByRole("link", { name: "About Us" });
    expect(await about.isVisible()).toBe(true);
    await about.click();
    await page.waitForURL(/\/about$/);
    await page.getByRole("heading", { name: "Why Choose Us" }).waitFor();
    await expect(page.locator("nav[aria-label='Main'] details").getAttribute("open")).resolves.toBeNull();
    expect(await page.locator("nav[aria-label='Main'] details a", { hasText: "Browse Cars" }).isVisible()).toBe(false);
  });
});
