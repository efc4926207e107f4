// What helps a buyer find, share and choose: canonical car URLs with previews and structured data,
// the sitemap, sold cars, sorting, "From ₦X/month", saved cars and compare, the Custom Paper filter.
import crypto from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SAVED_CARS_COOKIE_NAME } from "~/http/cookies.server";
import { carPath } from "~/lib/car";
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  DESKTOP,
  JS_MODES,
  PHONE,
  screenshot,
  settled,
  setupE2E,
  waitForHydration,
} from "./harness";

const app = setupE2E({ browser: true });

interface Row {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  mileage: number | null;
  created_at: string;
  financing: number;
  body_type: string;
  custom_paper: string;
}

const unsold = () => app.rows<Row>("select * from cars where sold = 0");
const soldCar = () => app.rows<Row>("select * from cars where sold = 1 limit 1")[0];
const get = (path: string, init: RequestInit = {}) => fetch(app.url(path), { redirect: "manual", ...init });

/** The content of `<meta property|name="key" content="…">`, HTML entities of URLs undone. */
function metaContent(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/:/g, "\\:")}" content="([^"]*)"`).exec(html);
  return tag ? tag[1].replace(/&amp;/g, "&") : null;
}

const cardIds = async (page: Page) =>
  (
    await page
      .getByTestId("car-card")
      .getByRole("link", { name: "View Details" })
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))
  ).map((href) => Number(/\/(\d+)/.exec(href)?.[1]));

describe("a car's page, shared and found", () => {
  it("answers at its canonical URL; the bare id and other slugs redirect there with 301", async () => {
    const car = unsold()[0];
    const canonical = carPath(car);
    expect(canonical).toMatch(/^\/cars\/\d+-[a-z0-9-]+-\d{4}$/);
    for (const asked of [`/cars/${car.id}`, `/cars/${car.id}-wrong-slug`, `/cars/${car.id}?photo=1`]) {
      const res = await get(asked);
      expect(res.status, asked).toBe(301);
      expect(res.headers.get("location"), asked).toBe(asked.endsWith("?photo=1") ? `${canonical}?photo=1` : canonical);
    }
    expect((await get(canonical)).status).toBe(200);
    expect((await get("/cars/999999-no-such-car")).status).toBe(404);
  });

  it("carries a preview (og:image answers 200 with an image) and Car JSON-LD with the price in NGN", async () => {
    const car = unsold().find((c) => c.financing) ?? unsold()[0];
    const res = await get(carPath(car));
    const html = await res.text();
    const url = app.url(carPath(car));
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(metaContent(html, "og:url")).toBe(url);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "og:description")).toContain(`₦${car.price.toLocaleString("en-NG")}`);
    const image = metaContent(html, "og:image")!;
    expect(image).toMatch(new RegExp(`^${app.url("/uploads/")}[0-9a-f]+\\.card\\.webp$`));
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toMatch(/^image\//);
    expect(metaContent(html, "robots")).toBeNull();

    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Car",
      url,
      brand: { name: car.make },
      offers: {
        "@type": "Offer",
        price: car.price,
        priceCurrency: "NGN",
        availability: "https://schema.org/InStock",
      },
    });
    expect(data.offers.itemCondition).toMatch(/^https:\/\/schema.org\/(New|Used)Condition$/);
    // The CSP allows it by its hash, like every inline script.
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(scriptSrc).toContain(`'sha256-${crypto.createHash("sha256").update(scripts[0]).digest("base64")}'`);
  });

  it("keeps a description that tries to end the script inside the JSON-LD (< escaped)", async () => {
    const car = unsold()[1];
    const token = (
      await (
        await fetch(app.url("/api/admin/login"), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
        })
      ).json()
    ).token;
    const current = await (await fetch(app.url(`/api/cars/${car.id}`))).json();
    const form = new FormData();
    for (const field of [
      "make",
      "model",
      "year",
      "price",
      "condition",
      "engine_capacity",
      "engine_size",
      "custom_paper",
      "body_type",
      "drive_train",
    ]) {
      form.set(field, String(current[field]));
    }
    const description = 'Clean </script><script>alert("x")</script> <!-- car';
    form.set("car_description", description);
    form.set("existingImages", JSON.stringify(current.images));
    const saved = await fetch(app.url(`/api/cars/${car.id}`), {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(saved.status).toBe(200);
    const html = await (await get(carPath(car))).text();
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(json).not.toContain("<");
    expect(JSON.parse(json).description).toBe(description);
  });

  it("keeps a sold car's page at 200 with 'Sold', its photos and facts, similar cars and noindex", async () => {
    const sold = soldCar();
    const res = await get(carPath(sold));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(metaContent(html, "robots")).toBe("noindex");
    expect(JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]).offers).toMatchObject(
      { availability: "https://schema.org/SoldOut" },
    );
    const page = await app.open(carPath(sold), { js: false });
    await page.getByRole("status").filter({ hasText: "This car has been sold." }).waitFor();
    expect(await page.getByTestId("photo-stage").locator("img").count()).toBe(1);
    expect(await page.getByTestId("car-facts").locator("dt").count()).toBeGreaterThan(10);
    const similar = page.getByRole("region", { name: "Similar cars" });
    const ids = await cardIds(page);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(4);
    const available = new Map(unsold().map((c) => [c.id, c]));
    for (const id of ids) expect(available.get(id)?.body_type).toBe(sold.body_type);
    expect(await similar.count()).toBe(1);
  });

  it("shows up to four similar available cars on every car's page: same body type, closest in price", async () => {
    const cars = unsold();
    const car = cars.find((c) => c.body_type === "SUV")!;
    const page = await app.open(carPath(car), { js: true });
    const ids = await cardIds(page);
    const expected = cars
      .filter((c) => c.body_type === car.body_type && c.id !== car.id)
      .sort((a, b) => Math.abs(a.price - car.price) - Math.abs(b.price - car.price) || a.id - b.id)
      .slice(0, 4)
      .map((c) => c.id);
    expect(ids).toEqual(expected);
  });
});

describe("sitemap and robots.txt", () => {
  it("lists every unsold car at its canonical URL with lastmod, and no sold one; cached for everyone", async () => {
    const first = await get("/sitemap.xml");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await first.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const car of unsold()) {
      expect(xml).toContain(`<loc>${app.url(carPath(car))}</loc><lastmod>`);
    }
    const sold = app.rows<Row>("select * from cars where sold = 1");
    expect(sold.length).toBeGreaterThan(0);
    for (const car of sold) expect(locs.some((l) => l.includes(`/cars/${car.id}-`))).toBe(false);
    expect(locs).toContain(app.url("/browse"));
    expect((await get("/sitemap.xml")).headers.get("x-cache")).toBe("HIT");

    const robots = await get("/robots.txt");
    expect(await robots.text()).toContain(`Sitemap: ${app.url("/sitemap.xml")}`);
  });
});

describe("sort", () => {
  const ORDERS: [string, (a: Row, b: Row) => number][] = [
    ["price_asc", (a, b) => a.price - b.price || a.id - b.id],
    ["price_desc", (a, b) => b.price - a.price || b.id - a.id],
    ["year_desc", (a, b) => b.year - a.year || b.id - a.id],
    ["mileage_asc", (a, b) => (a.mileage ?? Infinity) - (b.mileage ?? Infinity) || a.id - b.id],
    ["newest", (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id],
  ];

  it.each(ORDERS)("orders GET /api/cars by %s, page after page", async (sort, compare) => {
    const expected = unsold().sort(compare);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await (await get(`/api/cars?sort=${sort}&limit=10&page=${page}`)).json()) as { id: number }[];
      seen.push(...body.map((c) => c.id));
    }
    expect(seen).toEqual(expected.slice(0, 30).map((c) => c.id));
  });

  describe.each(JS_MODES)("on /browse $label", ({ js }) => {
    it.each(ORDERS.slice(0, 4))("sorts by %s from the menu and keeps it on page 2", async (sort, compare) => {
      const page = await app.open("/browse?body_type=SUV", { js });
      await page.getByLabel("Sort by").selectOption(sort);
      // With JavaScript the choice applies at once (no Sort button); without, Sort sends it.
      if (!js) await page.getByRole("button", { name: "Sort", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("sort") === sort && u.searchParams.get("body_type") === "SUV");
      await page.getByRole("link", { name: "Page 2", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("page") === "2" && u.searchParams.get("sort") === sort);
      await page.locator('[aria-current="page"]', { hasText: "2" }).waitFor();
      const expected = unsold()
        .filter((c) => c.body_type === "SUV")
        .sort(compare)
        .slice(6, 12)
        .map((c) => c.id);
      await expect.poll(() => cardIds(page)).toEqual(expected);
      await expect(page.getByLabel("Sort by").inputValue()).resolves.toBe(sort);
    });
  });
});

describe.each(JS_MODES)("From ₦X/month $label", ({ js }) => {
  it("shows on financed cars' cards and pages the calculator's 12-month repayment at a 40 % deposit", async () => {
    const page = await app.open("/financing", { js });
    const card = page.getByTestId("car-card").first();
    const from = (await card.getByTestId("monthly-from").textContent())!.trim();
    const id = Number(
      /\/financing\/(\d+)/.exec((await card.getByRole("link", { name: "View Details" }).getAttribute("href"))!)![1],
    );
    const calculator = await app.open(`/financing/${id}`, { js });
    await calculator.getByLabel("Loan Period").selectOption("12");
    await calculator.getByRole("button", { name: "Calculate" }).click();
    await expect.poll(() => calculator.getByTestId("monthly-repayment").inputValue()).not.toBe("₦0");
    const monthly = await calculator.getByTestId("monthly-repayment").inputValue();
    expect(from).toBe(`From ${monthly}/month`);
    const [car] = app.rows<Row>("select * from cars where id = ?", id);
    const carPage = await app.open(carPath(car), { js });
    const onPage = 'p[data-testid="monthly-from"]'; // the car's own, not its similar cars' cards
    await expect(carPage.locator(onPage).innerText()).resolves.toContain(`From ${monthly}/month`);
    // A car the dealer does not finance says nothing of the kind.
    const plain = unsold().find((c) => !c.financing)!;
    const other = await app.open(carPath(plain), { js });
    expect(await other.locator(onPage).count()).toBe(0);
  });
});

describe.each(JS_MODES)("saved cars and compare $label", ({ js }) => {
  it("saves from the cards and the car page, lists them on /saved and compares them side by side", async () => {
    const context = await app.context({ js });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(r.url())));
    await page.goto(app.url("/browse?body_type=SUV"));
    await waitForHydration(page, js);
    const [first, second] = await cardIds(page);
    const heart = (id: number) => page.locator(`form:has(input[name="id"][value="${id}"]) button`).first();
    await expect(heart(first).getAttribute("aria-pressed")).resolves.toBe("false");
    await heart(first).click();
    await expect.poll(() => heart(first).getAttribute("aria-pressed")).toBe("true");
    // Back on the same page either way; with JavaScript without a request at all.
    expect(new URL(page.url()).search).toBe("?body_type=SUV");
    if (js) {
      expect(posts).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem("saved-cars"))).toBe(String(first));
    } else {
      expect((await context.cookies()).some((c) => c.name === SAVED_CARS_COOKIE_NAME)).toBe(true);
    }
    // The car's own page has the heart too.
    const [secondCar] = app.rows<Row>("select * from cars where id = ?", second);
    await page.goto(app.url(carPath(secondCar)));
    const save = page.getByRole("button", { name: "Save", exact: true });
    await waitForHydration(page, js);
    await save.click();
    await page.getByRole("button", { name: "Saved", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Saved" }).getAttribute("aria-pressed")).toBe("true");

    await page.goto(app.url("/saved"));
    const cards = page.getByTestId("car-card");
    await expect.poll(() => cards.count()).toBe(2);
    await expect(cardIds(page)).resolves.toEqual([first, second]);
    await screenshot(page, `saved-${js ? "js" : "nojs"}-desktop`);
    // A reload keeps them (browser storage, or the cookie).
    await page.reload();
    await expect.poll(() => cards.count()).toBe(2);

    await page.getByRole("button", { name: "Compare" }).click();
    await page.waitForURL((u) => u.pathname === "/compare" && u.search === `?ids=${first},${second}`);
    const table = page.getByTestId("compare-table");
    await table.waitFor();
    for (const label of ["Price", "Year", "Mileage", "Condition", "Engine", "Fuel", "Transmission", "Key features"]) {
      expect(await table.getByRole("rowheader", { name: label, exact: true }).count(), label).toBe(1);
    }
    for (const label of ["Custom Paper", "Plate State", "Accident Free", "Flood Free"]) {
      expect(await table.getByRole("rowheader", { name: label }).count(), label).toBe(1);
    }
    expect(await table.locator("thead th").count()).toBe(2);

    // The comparison is a link: a visitor who saved nothing sees the same page, served from the cache.
    const shared = await app.open(`/compare?ids=${first},${second}`, { js });
    expect(await shared.getByTestId("compare-table").locator("thead th").count()).toBe(2);
    expect((await get(`/compare?ids=${first},${second}`)).headers.get("x-cache")).toBe("HIT");
    // And their hearts stay empty: nothing leaks between visitors.
    const stranger = await app.open("/browse?body_type=SUV", { js });
    expect(await stranger.locator('button[aria-pressed="true"]').count()).toBe(0);

    // Removing from /saved.
    await page.goto(app.url("/saved"));
    await waitForHydration(page, js);
    await expect.poll(() => cards.count()).toBe(2);
    await heart(first).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/saved");
  });
});

describe("saved cars and the page cache", () => {
  it("sets the personal cookie only for a post without JavaScript; its pages are never cached", async () => {
    const car = { id: Number(/name="id" value="(\d+)"/.exec(await (await get("/browse")).text())![1]) };
    const posted = await get("/saved", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url("") },
      body: new URLSearchParams({ id: String(car.id), back: "/browse" }),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/browse");
    const cookie = posted.headers.get("set-cookie")!.split(";")[0];
    expect(cookie.startsWith(`${SAVED_CARS_COOKIE_NAME}=`)).toBe(true);
    await get("/browse"); // an anonymous copy is cached
    const personal = await get("/browse", { headers: { cookie } });
    expect(personal.headers.get("x-cache")).toBeNull();
    expect(personal.headers.get("cache-control")).toBe("private, no-store");
    expect(await personal.text()).toMatch(
      new RegExp(`value="${car.id}"/><input[^>]*/><button[^>]*aria-pressed="true"`),
    );
    expect((await get("/browse")).headers.get("x-cache")).toBe("HIT");
    expect((await get("/saved")).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("saved cars: a tap before JavaScript ran", () => {
  it("moves the cookie's cars into the browser's list and drops the cookie, so cached pages come back", async () => {
    const car = unsold()[2];
    const context = await app.context({ js: true });
    const posted = await get("/saved", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: String(car.id), back: "/" }),
    });
    const cookie = posted.headers.get("set-cookie")!.split(";")[0];
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
    await context.addCookies([{ name, value, url: app.url("/") }]);
    const page = await context.newPage();
    await page.goto(app.url("/browse"));
    await expect.poll(() => page.evaluate(() => localStorage.getItem("saved-cars"))).toBe(String(car.id));
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === SAVED_CARS_COOKIE_NAME)).toBe(false);
    // It happens in the background: the visitor stays on the page.
    expect(new URL(page.url()).pathname).toBe("/browse");
    await page.goto(app.url("/saved"));
    await expect.poll(() => cardIds(page)).toEqual([car.id]);
  });
});

describe.each(JS_MODES)("Custom Paper filter $label", ({ js }) => {
  it("narrows the results to cars with Custom Paper", async () => {
    const page = await app.open("/browse", { js });
    const count = async () => Number((await page.getByText(/\d+ cars? found/).innerText()).split(" ")[0]);
    const all = await count();
    await page.getByLabel("With Custom Paper only").check();
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL((u) => u.searchParams.get("customs_duty_paid") === "1");
    const paid = unsold().filter((c) => c.custom_paper === "Yes");
    await expect.poll(count).toBe(paid.length);
    expect(paid.length).toBeLessThan(all);
    const ids = new Set(paid.map((c) => c.id));
    for (const id of await cardIds(page)) expect(ids.has(id)).toBe(true);
    await expect(page.getByLabel("With Custom Paper only").isChecked()).resolves.toBe(true);
  });
});

describe.each(JS_MODES)("Nigerian papers in the admin form $label", ({ js }) => {
  it("sets them on a car and its page shows them, unchecked ones as Unknown, never No", async () => {
    const car = unsold()[js ? 5 : 6];
    const page = await app.open(`/admin/edit-car/${car.id}`, { js, admin: true });
    await app.field(page, "Custom Paper").selectOption("Yes");
    await app.field(page, "Plate state").selectOption("Lagos");
    await app.field(page, "Previous owners in Nigeria").fill("2");
    await app.field(page, "Accident free").selectOption("No");
    await app.field(page, "Flood free").selectOption("");
    await page.getByRole("button", { name: "Update Car" }).click();
    await page.getByText("Car updated successfully").waitFor();
    const [stored] = app.rows<Record<string, unknown>>(
      "select custom_paper, plate_state, previous_owners_ng, accident_free, flood_free from cars where id = ?",
      car.id,
    );
    expect(stored).toEqual({
      custom_paper: "Yes",
      plate_state: "Lagos",
      previous_owners_ng: 2,
      accident_free: 0,
      flood_free: null,
    });
    const view = await app.open(carPath(car), { js });
    const facts = Object.fromEntries(
      await view
        .getByTestId("car-facts")
        .locator("div")
        .evaluateAll((rows) =>
          rows.map((r) => [r.querySelector("dt")?.textContent, r.querySelector("dd")?.textContent]),
        ),
    );
    expect(facts).toMatchObject({
      "Custom Paper": "Yes",
      "Plate State": "Lagos",
      "Previous Owners (Nigeria)": "2",
      "Accident Free": "No",
      "Flood Free": "Unknown",
    });
  });
});

describe("screenshots", () => {
  it("of the car page, /browse with a sort, /saved and /compare at 390 and 1280 px", async () => {
    const cars = unsold().filter((c) => c.financing);
    const ids = cars.slice(0, 3).map((c) => c.id);
    for (const [label, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const context = await app.context({ js: true, viewport });
      // This browser's saved list (about:blank, the page before the first visit, has no storage).
      await context.addInitScript((saved) => {
        if (location.protocol === "http:") localStorage.setItem("saved-cars", saved);
      }, ids.join(","));
      const page = await context.newPage();
      for (const [name, path] of [
        ["car", carPath(cars[0])],
        ["browse-sorted", "/browse?sort=price_asc&page=2"],
        ["saved", "/saved"],
        ["compare", `/compare?ids=${ids.join(",")}`],
      ]) {
        await page.goto(app.url(path));
        await waitForHydration(page, true);
        if (name === "saved") await expect.poll(() => page.getByTestId("car-card").count()).toBe(3);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${label}`).toBe(
          viewport.width,
        );
        await screenshot(page, `buyer-${name}-${label}`);
      }
      expect(app.consoleErrors(page).join("\n")).toBe("");
    }
  });
});
