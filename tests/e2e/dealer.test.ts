// The dealer runs the site: business settings on every public page (page cache included) and at an
// open page's next click, the logo from a plain file picker, the promotion line and the About text,
// opening hours that refuse a booking on a closed day, field messages that keep what was typed,
// staff roles (a sales account meets 403 and a smaller menu; roles changed on the staff page, the
// last owner kept), the agreed price of a sale in Reports, the setup checklist and the demo stock
// removed after a confirmation. With and without JavaScript; screenshots at phone and desk widths.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { dayOfDate } from "~/lib/business";
import { imageVariant } from "~/lib/images";
import { addDays, lagosToday } from "~/lib/lead-schemas";
import { addStaff, bearerToken, SCREEN_SIZES, shootScreens } from "./back-office";
import { ADMIN_PASSWORD, ADMIN_USERNAME, type E2E, JS_MODES, setupE2E } from "./harness";

const app = setupE2E({ browser: true, server: { env: { PAGE_CACHE_MB: "16" } } });

/** The stored business settings document. */
const stored = (e2e: E2E) =>
  JSON.parse(e2e.rows<{ value: string }>("SELECT value FROM settings WHERE key = 'business'")[0].value) as {
    name: string;
    whatsapp: string;
    logo: string | null;
    promotion: { text: string; url: string | null } | null;
  };

/** The next date after today that falls on `day` ("sat", "sun"). */
function next(day: string): string {
  let date = addDays(lagosToday(), 1);
  while (dayOfDate(date) !== day) date = addDays(date, 1);
  return date;
}

/** "₦12,500,000" as a number. */
const naira = (text: string) => Number(text.replace(/[^\d]/g, ""));

describe.each(JS_MODES)("business settings $label", ({ js }) => {
  it("saves the name and WhatsApp number and every public page shows them at the next request", async () => {
    // Warm the page cache with the old name first.
    for (let i = 0; i < 2; i++) await fetch(app.url("/about"));
    const name = js ? "Ikoyi Motors JS" : "Ikoyi Motors NoJS";
    const page = await app.open("/admin/settings", { js, admin: true });
    // Numbers are shown the way people write them at home.
    await expect(page.getByLabel(/^Phone 1/).inputValue()).resolves.toMatch(/^0\d{3} \d{3} \d{4}$/);
    await page.getByLabel(/^Business name/).fill(name);
    await page.getByLabel(/^WhatsApp number/).fill("+234 909-555-0177");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    await expect.poll(() => page.getByLabel(/^WhatsApp number/).inputValue()).toBe("0909 555 0177");
    expect(stored(app).whatsapp).toBe("+2349095550177");

    const about = await (await fetch(app.url("/about"))).text();
    expect(about).toContain(name);
    const visitor = await app.open("/", { js });
    await expect(visitor.locator("header").getByText(name).first().isVisible()).resolves.toBe(true);
    const chat = await fetch(app.url("/go/whatsapp"), { method: "HEAD", redirect: "manual" });
    expect(chat.headers.get("Location")).toMatch(/^https:\/\/wa\.me\/2349095550177\?text=/);
    const trail = app.rows<{ action: string }>("SELECT action FROM activity WHERE action = 'settings.update'");
    expect(trail.length).toBeGreaterThan(0);
  });

  it("refuses a bad phone and an http social link with field messages, keeping what was typed", async () => {
    const page = await app.open("/admin/settings", { js, admin: true });
    await page.getByLabel(/^Business name/).fill("Typed But Refused");
    await page.getByLabel(/^Phone 2/).fill("12345");
    await page.getByLabel("Address", { exact: true }).first().fill("http://facebook.com/x");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("The settings were not saved: check the fields marked in red.").waitFor();
    await expect(page.getByText("Enter a Nigerian mobile number, e.g. 0803 555 0142").isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Use a full https:\/\/ address/).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel(/^Business name/).inputValue()).resolves.toBe("Typed But Refused");
    await expect(page.getByLabel(/^Phone 2/).inputValue()).resolves.toBe("12345");
    expect(app.rows("SELECT 1 FROM settings WHERE value LIKE '%Typed But Refused%'")).toHaveLength(0);
  });

  it("uploads a logo from a file picker: header, footer and shared links show it; it can be removed", async () => {
    const page = await app.open("/admin/settings", { js, admin: true });
    await page.getByLabel("No logo yet: the initials are shown").waitFor();
    await page.getByLabel(/^New logo/).setInputFiles(`public/images/gallery-${js ? 3 : 4}.webp`);
    await page.getByRole("button", { name: "Upload logo" }).click();
    await page.getByText("Logo saved.").waitFor();
    await page.getByRole("img", { name: "Current logo" }).waitFor();
    const logo = stored(app).logo ?? "";
    expect(logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

    const visitor = await app.open("/about", { js });
    const thumb = imageVariant(logo, "thumb");
    await expect(visitor.locator(`header img[src="${thumb}"]`).isVisible()).resolves.toBe(true);
    await expect(visitor.locator(`footer img[src="${thumb}"]`).isVisible()).resolves.toBe(true);
    await expect(visitor.locator('meta[property="og:image"]').getAttribute("content")).resolves.toBe(app.url(logo));
    expect((await fetch(app.url(thumb))).status).toBe(200);

    await page.getByRole("button", { name: "Remove logo" }).click();
    await page.getByText("Logo removed.").waitFor();
    await page.getByLabel("No logo yet: the initials are shown").waitFor();
    expect(stored(app).logo).toBeNull();
    await app.go(visitor, "/about");
    await expect(visitor.locator("header img").count()).resolves.toBe(0);
    await expect(visitor.locator('meta[property="og:image"]').count()).resolves.toBe(0);
  });

  it("shows the promotion on every public page, the About text, services, greeting; no empty promotion", async () => {
    const text = js ? "December sale (JS): 5% off every SUV" : "December sale: 5% off every SUV";
    const greeting = js ? "Good day! Which car caught your eye? (JS)" : "Good day! Which car caught your eye?";
    const page = await app.open("/admin/settings", { js, admin: true });
    await page.getByLabel(/^Promotion text/).fill(text);
    await page.getByLabel(/^Promotion link/).fill("/browse?body_type=SUV");
    await page.getByLabel(/^About text/).fill("We started in 2009 with three cars.\n\nEvery car is inspected twice.");
    await page.getByLabel(/^After-sales services/).fill("Vehicle diagnosis\nTyre fitting\nPaperwork renewal");
    await page.getByLabel(/^Chat greeting/).fill(greeting);
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    const chat = await fetch(app.url("/go/whatsapp"), { method: "HEAD", redirect: "manual" });
    expect(decodeURIComponent(chat.headers.get("Location") ?? "")).toContain(`?text=${greeting}`);

    const visitor = await app.newPage({ js });
    for (const path of ["/", "/about", "/browse", "/book-inspection"]) {
      await app.go(visitor, path);
      const bar = visitor.getByTestId("promotion");
      await expect(bar.innerText(), path).resolves.toContain(text);
      await expect(bar.getByRole("link").getAttribute("href")).resolves.toBe("/browse?body_type=SUV");
    }
    await app.go(visitor, "/about");
    await expect(visitor.getByTestId("about-text").locator("p").allInnerTexts()).resolves.toEqual([
      "We started in 2009 with three cars.",
      "Every car is inspected twice.",
    ]);
    const services = visitor
      .locator("footer")
      .getByRole("heading", { name: "After-sales services" })
      .locator("+ ul li");
    await expect(services.allInnerTexts()).resolves.toEqual(["Vehicle diagnosis", "Tyre fitting", "Paperwork renewal"]);

    await page.getByLabel(/^Promotion text/).fill("");
    await page.getByLabel(/^Promotion link/).fill("");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => stored(app).promotion).toBeNull();
    await page.getByText("Settings saved.").waitFor();
    await app.go(visitor, "/");
    await expect(visitor.getByTestId("promotion").count()).resolves.toBe(0);
  });

  it("closes a day on the settings page; an inspection that day is refused naming the open days", async () => {
    const page = await app.open("/admin/settings", { js, admin: true });
    await page.getByLabel("Closed on Saturday").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    await expect(page.getByLabel("Closed on Saturday").isChecked()).resolves.toBe(true);
    const visitor = await app.open("/", { js });
    await expect(visitor.locator("footer").innerText()).resolves.toMatch(/Sat: Closed/);

    for (const [day, message] of [
      ["sat", "We are closed on Saturdays. Please pick a day we are open: Monday to Friday."],
      ["sun", "We are closed on Sundays. Please pick a day we are open: Monday to Friday."],
    ] as const) {
      await app.go(visitor, "/book-inspection?make=Toyota&model=Camry");
      const form = visitor.getByRole("form", { name: "Book an inspection" });
      await form.getByLabel("Full name").fill(`Weekend Buyer ${day}`);
      await form.getByLabel("Phone number").fill("0803 555 0166");
      await form.getByLabel("Email address").fill("weekend@example.com");
      await form.getByLabel("Inspection date").fill(next(day));
      await form.getByRole("button", { name: "Submit" }).click();
      await visitor.getByText(message).first().waitFor();
      const again = visitor.getByRole("form", { name: "Book an inspection" });
      await expect(again.getByLabel("Full name").inputValue()).resolves.toBe(`Weekend Buyer ${day}`);
      await expect(again.getByLabel("Inspection date").inputValue()).resolves.toBe(next(day));
    }
    expect(app.rows("SELECT 1 FROM inspections WHERE name LIKE 'Weekend Buyer%'")).toHaveLength(0);
  });
});

describe("an open page with JavaScript", () => {
  it("shows a saved change at its next click (the root's data is loaded again on navigation)", async () => {
    const page = await app.open("/", { js: true });
    const renamed = "Victoria Island Cars";
    await expect(page.locator("header").getByText(renamed).count()).resolves.toBe(0);
    const res = await fetch(app.url("/api/admin/settings"), {
      method: "PUT",
      headers: { Authorization: `Bearer ${await bearerToken(app)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: renamed }),
    });
    expect(res.status).toBe(200);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).first().click();
    await page.waitForURL(/\/about$/);
    await page.locator("header").getByText(renamed).first().waitFor();
    await expect(page.title()).resolves.toBe(`About Us | ${renamed}`);
  });
});

describe.each(JS_MODES)("staff roles $label", ({ js }) => {
  it("shows a sales account a smaller menu, the 403 page on owners' screens, only its own password form", async () => {
    const username = js ? "sales-js" : "sales-nojs";
    await addStaff(app, username);
    const page = await app.open("/admin", { js, admin: username });
    const nav = page.getByRole("navigation", { name: "Admin" }).first();
    await nav.getByRole("link", { name: "Dashboard" }).waitFor();
    for (const owners of ["Settings", "Home Page"]) {
      await expect(nav.getByRole("link", { name: owners }).count(), owners).resolves.toBe(0);
    }
    await expect(page.getByTestId("setup-checklist").count()).resolves.toBe(0);
    for (const path of ["/admin/settings", "/admin/hero-slides", "/admin?confirm=remove-demo"]) {
      await app.go(page, path);
      if (path.includes("confirm")) {
        await expect(page.getByText("Remove every demo car?").count()).resolves.toBe(0);
      } else {
        await page.getByText("Only an owner can do this.").waitFor();
      }
    }
    await app.go(page, "/admin/create-listing");
    await expect(page.getByRole("link", { name: /^Delete / }).count()).resolves.toBe(0);
    await app.go(page, "/admin/leads");
    await expect(page.getByRole("link", { name: /CSV/ }).count()).resolves.toBe(0);
    await app.go(page, "/admin/admin-management");
    await page.getByRole("heading", { name: "Change your password" }).waitFor();
    await expect(page.getByRole("heading", { name: "Add New Admin" }).count()).resolves.toBe(0);
  });

  it("asks the owner's own password before adding an account, and adds it with its role", async () => {
    const page = await app.open("/admin/admin-management", { js, admin: true });
    const form = page.getByRole("form", { name: "Add New Admin" });
    const username = js ? "clerk-js" : "clerk-nojs";
    await form.getByLabel(/^Username/).fill(username);
    await form.getByLabel(/^Password/).fill("clerk-password-1");
    await form.getByLabel(/^Role/).selectOption("sales");
    await form.getByLabel(/^Your current password/).fill("not-my-password");
    await form.getByRole("button", { name: "Add Admin" }).click();
    await page.getByText("Failed to add admin: Your current password is not correct").waitFor();
    expect(app.rows("SELECT 1 FROM admins WHERE username = ?", username)).toHaveLength(0);
    const again = page.getByRole("form", { name: "Add New Admin" });
    await expect(again.getByLabel(/^Username/).inputValue()).resolves.toBe(username);
    await again.getByLabel(/^Password/).fill("clerk-password-1");
    await again.getByLabel(/^Your current password/).fill(ADMIN_PASSWORD);
    await again.getByRole("button", { name: "Add Admin" }).click();
    await page.getByText("Admin added successfully").waitFor();
    expect(app.rows("SELECT role FROM admins WHERE username = ?", username)).toEqual([{ role: "sales" }]);
    await page.getByRole("table", { name: "Staff" }).getByText(username).waitFor();
  });

  it("changes a role on the staff page and keeps the last owner an owner", async () => {
    const username = js ? "promoted-js" : "promoted-nojs";
    await addStaff(app, username);
    const page = await app.open("/admin/admin-management", { js, admin: true });
    const roleOf = (who: string) =>
      page.getByRole("table", { name: "Staff" }).getByRole("row").filter({ hasText: who }).getByRole("cell").nth(2);
    await expect(roleOf(username).innerText()).resolves.toMatch(/sales/i);
    // Each row has its own Change role, which opens that person's form.
    const change = async (who: string, role: "owner" | "sales") => {
      await page
        .getByRole("table", { name: "Staff" })
        .getByRole("link", { name: `Change role: ${who}` })
        .click();
      const form = page.getByRole("form", { name: `Change the role of ${who}` });
      await form.getByLabel(/^Role/).selectOption(role);
      await form.getByLabel(/^Your current password/).fill(ADMIN_PASSWORD);
      await form.getByRole("button", { name: "Change Role" }).click();
    };
    await change(username, "owner");
    await page.getByText(`Role of '${username}' changed successfully`).waitFor();
    await expect.poll(() => roleOf(username).innerText()).toMatch(/owner/i);
    await change(username, "sales");
    await expect.poll(() => roleOf(username).innerText()).toMatch(/sales/i);

    // The first admin is the only owner now: its own row offers no role change, and a post asking
    // for one is refused.
    await expect(
      page
        .getByRole("table", { name: "Staff" })
        .getByRole("link", { name: `Change role: ${ADMIN_USERNAME}` })
        .count(),
    ).resolves.toBe(0);
    const refused = await fetch(app.url("/admin/admin-management"), {
      method: "POST",
      headers: {
        cookie: await app.adminCookie(),
        "content-type": "application/x-www-form-urlencoded",
        origin: app.url(""),
      },
      body: new URLSearchParams({
        intent: "role",
        username: ADMIN_USERNAME,
        role: "sales",
        currentPassword: ADMIN_PASSWORD,
      }),
    });
    expect(await refused.text()).toContain("The last owner cannot be made a sales account");
    expect(app.rows("SELECT role FROM admins WHERE username = ?", ADMIN_USERNAME)).toEqual([{ role: "owner" }]);
    await expect(roleOf(`${ADMIN_USERNAME} (you)`).innerText()).resolves.toMatch(/owner/i);
  });
});

describe.each(JS_MODES)("a sale at its agreed price $label", ({ js }) => {
  it("asks the agreed price when marking a car sold, and Reports count that price", async () => {
    const [car] = app.rows<{ id: number; price: number }>(
      `SELECT id, price FROM cars WHERE sold = 0 ORDER BY id ${js ? "ASC" : "DESC"} LIMIT 1`,
    );
    const agreed = car.price - 1_250_000;
    const page = await app.open("/admin/report", { js, admin: true });
    const before = naira(await page.getByTestId("report-sales-value").innerText());

    await app.go(page, `/admin/create-listing?confirm=sold&id=${car.id}`);
    await page.getByText("Are you sure you want to mark this car as sold?").waitFor();
    const price = page.getByLabel("Agreed price (₦)");
    await expect(price.inputValue()).resolves.toBe(String(car.price));
    await price.fill(String(agreed));
    await page.getByRole("button", { name: "Yes" }).click();
    await page.waitForURL(/done=sold/);
    expect(app.rows("SELECT sale_price FROM car_sales WHERE car_id = ?", car.id)).toEqual([{ sale_price: agreed }]);

    await app.go(page, "/admin/report");
    expect(naira(await page.getByTestId("report-sales-value").innerText())).toBe(before + agreed);
  });
});

describe("the clean start", () => {
  it("shows the owner the setup checklist and removes the demo stock after a confirmation, no JS", async () => {
    const demo = app.rows<{ n: number }>("SELECT count(*) AS n FROM cars WHERE demo = 1")[0].n;
    const samples = app.rows<{ n: number }>("SELECT count(*) AS n FROM inspections WHERE demo = 1")[0].n;
    expect(demo).toBeGreaterThan(0);
    expect(samples).toBeGreaterThan(0);
    const page = await app.open("/admin", { js: false, admin: true });
    const list = page.getByTestId("setup-checklist");
    await list.getByRole("link", { name: /Remove the demo stock/ }).click();
    await page.getByText("Remove every demo car?").waitFor();
    await page.getByRole("button", { name: "Yes" }).click();
    await page
      .getByText(
        `Demo stock removed: ${demo} cars and ${samples} sample bookings. Your own cars, leads and accounts stay.`,
      )
      .waitFor();
    expect(app.rows("SELECT 1 FROM cars WHERE demo = 1")).toHaveLength(0);
    expect(app.rows("SELECT 1 FROM inspections WHERE demo = 1")).toHaveLength(0);
    await expect(
      page
        .getByTestId("setup-checklist")
        .getByText(/Remove the demo stock \(done\)/)
        .count(),
    ).resolves.toBe(1);
  });
});

describe("the clean start with JavaScript", () => {
  const fresh = setupE2E({ browser: true });

  it("links each step to where it is done; the modal removes demo cars, photos and sample bookings only", async () => {
    // One car of the dealer's own and one lead, which must stay.
    const db = new Database(fresh.server.dbPath);
    db.pragma("busy_timeout = 5000");
    const [own] = fresh.rows<{ id: number }>("SELECT id FROM cars ORDER BY id LIMIT 1");
    try {
      db.prepare("UPDATE cars SET demo = 0 WHERE id = ?").run(own.id);
      db.prepare("INSERT INTO contact_messages (name, phone, email, message, created_at) VALUES (?, ?, ?, ?, ?)").run(
        "Stays Here",
        "+2348035550150",
        "stays@example.com",
        "Is the car available?",
        new Date().toISOString(),
      );
      // A real buyer's booking of a demo car stays too.
      db.prepare(
        `INSERT INTO inspections (name, phone, email, car_make, car_model, inspection_date, car_id, created_at)
         SELECT 'Booked Demo Car', '+2348035550151', 'booked@example.com', make, model, '2026-12-01', id, ?
         FROM cars WHERE demo = 1 LIMIT 1`,
      ).run(new Date().toISOString());
    } finally {
      db.close();
    }
    const samples = fresh.rows<{ n: number }>("SELECT count(*) AS n FROM inspections WHERE demo = 1")[0].n;
    expect(samples).toBeGreaterThan(0);
    const demoPhotos = fresh.rows<{ path: string }>(
      "SELECT path FROM car_images JOIN cars ON cars.id = car_images.car_id WHERE cars.demo = 1",
    );
    const onDisk = (p: string) => fs.existsSync(path.join(fresh.server.uploadsDir, p.slice("/uploads/".length)));
    expect(demoPhotos.length).toBeGreaterThan(0);
    expect(onDisk(demoPhotos[0].path)).toBe(true);

    const page = await fresh.open("/admin", { js: true, admin: true });
    const list = page.getByTestId("setup-checklist");
    const hrefs = Object.fromEntries(
      await Promise.all(
        (await list.getByRole("link").all()).map(async (l) => [await l.innerText(), await l.getAttribute("href")]),
      ),
    );
    expect(hrefs).toEqual({
      "Enter your business name, phones and address": "/admin/settings",
      "Set the WhatsApp number buyers chat with": "/admin/settings",
      "Upload your logo": "/admin/settings",
      [`Remove the demo stock (63 cars and ${samples} sample bookings)`]: "/admin?confirm=remove-demo",
      "Create an account for a second staff member": "/admin/admin-management",
    });

    await list.getByRole("link", { name: /Remove the demo stock/ }).click();
    const dialog = page.getByRole("dialog", { name: "Remove every demo car?" });
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "No", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(fresh.rows("SELECT 1 FROM cars WHERE demo = 1")).toHaveLength(63);
    await list.getByRole("link", { name: /Remove the demo stock/ }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await page
      .getByText(`Demo stock removed: 63 cars and ${samples} sample bookings. Your own cars, leads and accounts stay.`)
      .waitFor();
    await dialog.waitFor({ state: "hidden" });

    expect(fresh.rows("SELECT id FROM cars")).toEqual([{ id: own.id }]);
    expect(fresh.rows("SELECT 1 FROM contact_messages WHERE name = 'Stays Here'")).toHaveLength(1);
    expect(fresh.rows("SELECT name FROM inspections")).toEqual([{ name: "Booked Demo Car" }]);
    expect(fresh.rows("SELECT name FROM leads WHERE kind = 'inspection'")).toEqual([{ name: "Booked Demo Car" }]);
    expect(fresh.rows("SELECT 1 FROM admins WHERE username = ?", ADMIN_USERNAME)).toHaveLength(1);
    for (const { path } of demoPhotos) expect(onDisk(path), path).toBe(false);
    await list.getByText(/Remove the demo stock \(done\)/).waitFor();
    await list.getByRole("link", { name: "Upload your logo" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/settings");
    await page.getByRole("heading", { name: "Logo" }).waitFor();
  });
});

describe("screens of the dealer's back office", () => {
  for (const [size, viewport] of SCREEN_SIZES) {
    it(`renders settings, home page content, staff and the dashboard checklist at ${size} px`, async () => {
      const page = await shootScreens(app, viewport, [
        [`dealer-settings-${size}`, "/admin/settings"],
        [`dealer-hero-slides-${size}`, "/admin/hero-slides"],
        [`dealer-staff-${size}`, "/admin/admin-management"],
        [`dealer-dashboard-checklist-${size}`, "/admin"],
      ]);
      expect(app.consoleErrors(page)).toEqual([]);
    });
  }
});
