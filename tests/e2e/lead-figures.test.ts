// Lead figures staff can trust, as a buyer and a staff member see them: a booking and a message
// sent from a car's page keep the car (the form names it, the success message says what was
// booked and what happens next, the inbox, the lead page and the CSV name the car and link to it),
// the dashboard counts leads a person can answer, Inspection Requests by the day chosen. With and
// without JavaScript; screenshots at 390 and 1280 px.
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { carPath } from "~/lib/car";
import { openDayFrom } from "../helpers/leads";
import { DESKTOP, JS_MODES, PHONE, screenshot, scrollWidth, settled, setupE2E, waitForHydration } from "./harness";

const app = setupE2E({ browser: true });

interface Car {
  id: number;
  make: string;
  model: string;
  year: number;
}
const name = (car: Car) => `${car.make} ${car.model} ${car.year}`;
/** Two cars for sale, one per mode, with a model name of its own (so the inbox row is easy to find). */
const cars = () => app.rows<Car>("SELECT id, make, model, year FROM cars WHERE sold = 0 ORDER BY id LIMIT 2");

/** Screenshots of the page as it is, on a phone and on a desk (without JavaScript nothing moves once loaded). */
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

describe.each(JS_MODES)("booking from a car's page $label", ({ js }) => {
  const mode = js ? "js" : "nojs";

  it("names the car, books it, says what was booked and what happens next, and keeps the car", async () => {
    const car = cars()[js ? 0 : 1];
    const page = await app.open(carPath(car), { js, viewport: PHONE });
    await page.getByRole("main").getByRole("link", { name: "Book an inspection" }).click();
    await page.waitForURL((u) => u.pathname === "/book-inspection" && u.searchParams.get("car") === String(car.id));
    await waitForHydration(page, js);
    const form = page.getByRole("form", { name: "Book an inspection" });
    await expect(form.getByTestId("form-car").innerText()).resolves.toMatch(
      new RegExp(`^Booking for: ${name(car)}\\s+Choose another car$`),
    );
    expect(
      await form
        .getByTestId("form-car")
        .getByRole("link", { name: name(car) })
        .getAttribute("href"),
    ).toBe(carPath(car));
    await expect(form.getByLabel("Car make").inputValue()).resolves.toBe(car.make);
    await expect(form.getByLabel("Car model").inputValue()).resolves.toBe(car.model);

    const buyer = `Car Page Buyer ${mode}`;
    const date = openDayFrom(js ? 4 : 5);
    await form.getByLabel("Full name").fill(buyer);
    await form.getByLabel("Phone number").fill(js ? "0803 555 0171" : "0803 555 0172");
    await form.getByLabel("Email address").fill(`car-page-${mode}@example.com`);
    await form.getByLabel("Inspection date").fill(date);
    await form.getByRole("button", { name: "Submit" }).click();

    const status = page.getByRole("status").filter({ hasText: "Inspection booked successfully!" });
    await status.waitFor();
    const text = await status.innerText();
    expect(text).toMatch(
      new RegExp(`^Inspection booked successfully!\\s+We have you down to see the ${name(car)} on `),
    );
    expect(text).toContain(`We confirm by phone within one working day, on +234 803 555 017${js ? 1 : 2}.`);
    // The form empties for another booking of the same car.
    await expect(form.getByLabel("Full name").inputValue()).resolves.toBe("");
    await expect(form.getByTestId("form-car").isVisible()).resolves.toBe(true);
    await shoot(page, `lead-figures-booked-${mode}`, js);
    expect(app.consoleErrors(page)).toEqual([]);

    const [stored] = app.rows<{ id: number; car_id: number; inspection_date: string }>(
      "SELECT id, car_id, inspection_date FROM inspections WHERE name = ?",
      buyer,
    );
    expect(stored).toMatchObject({ car_id: car.id, inspection_date: date });
    expect(
      app.rows("SELECT car_id, category FROM leads WHERE kind = 'inspection' AND source_id = ?", stored.id),
    ).toEqual([{ car_id: car.id, category: "lead" }]);

    // The desk: the inbox and the lead's page name the car and link to its page; so does the CSV.
    const desk = await app.open(`/admin/leads?car=${car.id}`, { js, admin: true });
    const row = desk.getByRole("row").filter({ hasText: buyer });
    const link = row.getByRole("link", { name: name(car) });
    expect(await link.getAttribute("href")).toBe(app.url(carPath(car)));
    await row.getByRole("link", { name: buyer }).click();
    await desk.waitForURL(`**/admin/leads/inspection/${stored.id}`);
    await waitForHydration(desk, js);
    // A client-side navigation may commit the URL before the page has painted: wait for the text.
    await desk
      .getByText(`Car: ${name(car)}`)
      .first()
      .waitFor({ state: "visible" });
    const csv = await fetch(app.url(`/admin/leads.csv?car=${car.id}`), {
      headers: { Cookie: await app.adminCookie() },
    });
    const [header, ...lines] = parse((await csv.text()).replace(/^\uFEFF/, "")) as string[][];
    const line = lines.find((l) => l[header.indexOf("Name")] === buyer)!;
    expect([line[header.indexOf("Car id")], line[header.indexOf("Car")], line[header.indexOf("Car link")]]).toEqual([
      String(car.id),
      name(car),
      app.url(carPath(car)),
    ]);
  });

  it("asks about the car from its page: Connect names it and the message keeps it", async () => {
    const car = cars()[js ? 1 : 0];
    const page = await app.open(carPath(car), { js, viewport: DESKTOP });
    await page.getByRole("link", { name: "Ask about this car" }).click();
    await page.waitForURL((u) => u.pathname === "/connect" && u.searchParams.get("car") === String(car.id));
    await waitForHydration(page, js);
    const form = page.getByRole("form", { name: "Send us a message" });
    await expect(form.getByTestId("form-car").innerText()).resolves.toContain(`About: ${name(car)}`);
    await expect(form.getByLabel("Your Message").inputValue()).resolves.toBe(
      `Hello, I am interested in the ${name(car)}. Is it still available?`,
    );
    const buyer = `Car Question ${mode}`;
    await form.getByLabel("Full Name").fill(buyer);
    await form.getByLabel("Phone Number").fill(js ? "0812 555 0181" : "0812 555 0182");
    await form.getByLabel("Email Address").fill(`question-${mode}@example.com`);
    await form.getByRole("button", { name: "Send Message" }).click();
    const status = page.getByRole("status").filter({ hasText: "Message sent successfully!" });
    await status.waitFor();
    await expect(status.innerText()).resolves.toContain(
      `Your message about the ${name(car)} is with our sales team. We reply within one working day`,
    );
    await shoot(page, `lead-figures-asked-${mode}`, js);
    expect(app.rows("SELECT car_id FROM contact_messages WHERE name = ?", buyer)).toEqual([{ car_id: car.id }]);
  });

  it("lists Inspection Requests by day: Upcoming with the car booked from, then Today and Past as links", async () => {
    const page = await app.open("/admin/inspections", { js, admin: true });
    await expect(page.getByRole("link", { name: /^Upcoming/ }).getAttribute("aria-current")).resolves.toBe("page");
    // This mode's booking from a car's page (the first test) links to the car.
    const car = cars()[js ? 0 : 1];
    const booked = page.locator("tr", { hasText: `Car Page Buyer ${mode}` });
    expect(await booked.getByRole("link", { name: name(car) }).getAttribute("href")).toBe(app.url(carPath(car)));
    await page.getByRole("link", { name: /^Past/ }).click();
    await page.waitForURL("**/admin/inspections?view=past");
    await waitForHydration(page, js);
    await page.getByText("Before today, latest first.").waitFor();
    const days = await page.locator("tbody tr td:nth-child(6)").allInnerTexts();
    const parsed = days.map((d) => Date.parse(`${d.trim()} 12:00 UTC`));
    expect(parsed.length).toBeGreaterThan(1);
    expect([...parsed].sort((a, b) => b - a)).toEqual(parsed);
    await shoot(page, `lead-figures-inspections-past-${mode}`, js);
  });
});

describe("the quick view", () => {
  it("books the car it shows: its Book an inspection carries the car's id", async () => {
    const page = await app.open("/browse", { js: true, viewport: PHONE });
    const details = page.getByTestId("car-card").first().getByRole("link", { name: "View Details" });
    const id = Number((await details.getAttribute("href"))?.match(/^\/cars\/(\d+)-/)?.[1]);
    const [car] = app.rows<Car>("SELECT id, make, model, year FROM cars WHERE id = ?", id);
    await details.click();
    const book = page.getByTestId("car-lightbox").getByRole("link", { name: "Book an inspection" });
    await book.waitFor();
    expect(await book.getAttribute("href")).toBe(`/book-inspection?car=${car.id}`);
    await book.click();
    await page.waitForURL(`**/book-inspection?car=${car.id}`);
    await page
      .getByTestId("form-car")
      .getByRole("link", { name: name(car) })
      .waitFor();
    expect(app.consoleErrors(page)).toEqual([]);
  });
});

describe("what the desk counts", () => {
  it("counts leads to answer, and apart WhatsApp clicks and sign-ups; each card lists what it counts", async () => {
    const page = await app.open("/admin", { js: true, admin: true });
    const card = (label: string) => page.getByRole("link").filter({ hasText: new RegExp(`^${label}`) });
    const figure = async (label: string) => Number((await card(label).innerText()).replace(/\D+/g, ""));
    const answerable = app.rows<{ n: number }>(
      "SELECT count(*) AS n FROM leads WHERE category = 'lead' AND status = 'new'",
    )[0].n;
    expect(await figure("New leads")).toBe(answerable);
    const year = new Date().getUTCFullYear();
    await expect(card(`WhatsApp clicks in ${year}`).isVisible()).resolves.toBe(true);
    await expect(card(`Newsletter sign-ups in ${year}`).isVisible()).resolves.toBe(true);
    await shoot(page, "lead-figures-dashboard", true);
    await card("New leads").click();
    await page.waitForURL("**/admin/leads?category=lead&status=new");
    await waitForHydration(page, true);
    await page
      .getByRole("status")
      .filter({ hasText: `${answerable} lead` })
      .waitFor();
    await expect(page.getByRole("link", { name: "To answer" }).getAttribute("aria-current")).resolves.toBe("page");

    // The upcoming bookings, soonest first, each made from a car's page linking to it.
    await app.go(page, "/admin/inspections");
    const days = await page.locator("tbody tr td:nth-child(6)").allInnerTexts();
    const parsed = days.map((d) => Date.parse(`${d.replace("Today", "").trim()} 12:00 UTC`));
    expect([...parsed].sort((a, b) => a - b)).toEqual(parsed);
    for (const [mode, car] of [
      ["js", cars()[0]],
      ["nojs", cars()[1]],
    ] as const) {
      const booked = page.locator("tr", { hasText: `Car Page Buyer ${mode}` });
      expect(await booked.getByRole("link", { name: name(car) }).getAttribute("href")).toBe(app.url(carPath(car)));
    }
    await shoot(page, "lead-figures-inspections-upcoming", true);
  });
});
