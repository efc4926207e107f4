// The dealer's desk end to end: WhatsApp clicks counted as leads, every lead in the inbox and
// the API, a lead's status changed on its page (with and without JavaScript), the CSV a
// spreadsheet opens, the activity trail, and the Reports page against a known history.
import fs from "node:fs";
import http from "node:http";
import Database from "better-sqlite3";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openDayFrom } from "../helpers/leads";
import { EXPECTED, loadReportDataset, REPORT_RANGE } from "../helpers/report-dataset";
import { bearerToken, SCREEN_SIZES, shootScreens } from "./back-office";
import { ADMIN_USERNAME, type E2E, JS_MODES, screenshot, scrollWidth, settled, setupE2E } from "./harness";

const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const app = setupE2E({ browser: true });

const clicks = (e2e: E2E, carId?: number) =>
  carId === undefined
    ? e2e.rows<{ n: number }>("SELECT count(*) AS n FROM leads WHERE kind = 'whatsapp'")[0].n
    : e2e.rows<{ n: number }>("SELECT count(*) AS n FROM leads WHERE kind = 'whatsapp' AND car_id = ?", carId)[0].n;

/** wa.me is on the internet: the browser gets a stand-in page for it. */
async function stubWhatsapp(ctx: BrowserContext): Promise<void> {
  await ctx.route("https://wa.me/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
  );
}

/** Clicks a chat link (it opens a new tab) and returns the tab once it reached wa.me. */
async function followChat(page: Page, link: ReturnType<Page["getByRole"]>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await tab.waitForURL(/^https:\/\/wa\.me\//);
  return tab;
}

/** A minimal RFC 4180 reader, as a spreadsheet reads the file. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("GET /go/whatsapp", () => {
  it("answers 302 to wa.me with the car in the greeting, adds exactly one lead; a bot or a HEAD none", async () => {
    const [car] = app.rows<{ id: number; make: string; model: string; year: number }>(
      "SELECT id, make, model, year FROM cars WHERE sold = 0 ORDER BY id LIMIT 1",
    );
    // A person following the link: a top-level navigation, as a browser's Sec-Fetch headers say.
    const NAVIGATE = { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" };
    // node:http, not fetch: fetch always says Sec-Fetch-Mode: cors.
    const go = (init: { method?: string; headers: Record<string, string> }) =>
      new Promise<{ status: number; headers: Headers }>((resolve, reject) => {
        const req = http.request(
          app.url(`/go/whatsapp?car=${car.id}&from=/browse`),
          { method: init.method ?? "GET", headers: { ...NAVIGATE, ...init.headers } },
          (res) => {
            res.resume();
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") headers.set(k, v);
            resolve({ status: res.statusCode ?? 0, headers });
          },
        );
        req.on("error", reject);
        req.end();
      });
    const before = clicks(app, car.id);
    const res = await go({ headers: { "User-Agent": PERSON } });
    expect(res.status).toBe(302);
    expect(decodeURIComponent(res.headers.get("Location")!)).toBe(
      `https://wa.me/2348035550142?text=Hello, I'm interested in the ${car.make} ${car.model} ${car.year} ` +
        "listed on your website.",
    );
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Cache")).toBeNull(); // never looked up in the page cache
    expect(clicks(app, car.id)).toBe(before + 1);
    // The same address again is another click, counted again (never answered from a cache).
    await go({ headers: { "User-Agent": PERSON } });
    expect(clicks(app, car.id)).toBe(before + 2);
    for (const init of [
      { headers: { "User-Agent": GOOGLEBOT } },
      { method: "HEAD", headers: { "User-Agent": PERSON } },
    ]) {
      const other = await go(init);
      expect(other.status).toBe(302);
    }
    expect(clicks(app, car.id)).toBe(before + 2);
  });
});

describe.each(JS_MODES)("WhatsApp chat links $label", ({ js }) => {
  it("count a click on a car's page once, open the chat naming the car; a headless bot counts nothing", async () => {
    const [car] = app.rows<{ id: number; make: string; model: string; year: number }>(
      "SELECT id, make, model, year FROM cars WHERE sold = 0 ORDER BY id LIMIT 1 OFFSET ?",
      js ? 2 : 3,
    );
    const ctx = await app.context({ js, userAgent: PERSON });
    await stubWhatsapp(ctx);
    const page = await ctx.newPage();
    await app.go(page, `/cars/${car.id}`);
    const before = clicks(app, car.id);
    const tab = await followChat(page, page.getByRole("link", { name: "Chat on WhatsApp" }));
    expect(decodeURIComponent(tab.url())).toContain(`the ${car.make} ${car.model} ${car.year} listed on your website`);
    expect(clicks(app, car.id)).toBe(before + 1);
    const [lead] = app.rows<{ summary: string }>(
      "SELECT summary FROM leads WHERE kind = 'whatsapp' AND car_id = ? ORDER BY id DESC LIMIT 1",
      car.id,
    );
    expect(lead.summary).toMatch(
      new RegExp(`^WhatsApp chat about the ${car.make} ${car.model} ${car.year} from /cars/${car.id}-`),
    );

    // The floating button and the Connect page's link go the same way.
    await app.go(page, "/connect");
    const all = clicks(app);
    await (await followChat(page, page.getByTestId("whatsapp-link"))).close();
    await (await followChat(page, page.getByTestId("chat-button"))).close();
    expect(clicks(app)).toBe(all + 2);

    // Headless Chromium's own user agent says HeadlessChrome: a bot, sent on but not counted.
    const botCtx = await app.context({ js });
    await stubWhatsapp(botCtx);
    const botPage = await botCtx.newPage();
    await app.go(botPage, "/about");
    const beforeBot = clicks(app);
    await followChat(botPage, botPage.getByTestId("chat-button"));
    expect(clicks(app)).toBe(beforeBot);
  });
});

describe.each(JS_MODES)("the leads inbox $label", ({ js }) => {
  const tag = js ? "JS" : "NoJS";
  const name = `Inbox Aisha ${tag}`;

  it("shows leads sent through the public pages and the APIs with the right kind, in the inbox and API", async () => {
    const page = await app.open("/connect", { js });
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByLabel("Full Name").fill(name);
    // Each mode is another buyer (another phone): one phone and message within 10 minutes is one lead.
    await form.getByLabel("Phone Number").fill(js ? "0812 555 0178" : "0812 555 0179");
    await form.getByLabel("Email Address").fill(`inbox-${tag.toLowerCase()}@example.com`);
    await form.getByLabel("Your Message").fill("Is the Lexus RX still available?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();
    const booked = await fetch(app.url("/api/inspections"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: `Inbox Booker ${tag}`,
        phone: js ? "0803 555 0142" : "0803 555 0143",
        email: `booker-${tag.toLowerCase()}@example.com`,
        car_make: "Lexus",
        car_model: "RX 350",
        inspection_date: openDayFrom(3),
      }),
    });
    expect(booked.status).toBe(201);
    const booking = await booked.json();
    await fetch(app.url("/api/newsletter"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Inbox Reader ${tag}`, email: `reader-${tag.toLowerCase()}@example.com` }),
    });

    const loan = await (
      await fetch(app.url("/api/loan-applications"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          car_name: "Toyota Camry 2020 Black",
          loan_amount: 25_000_000,
          initial_deposit: 10_000_000,
          loan_period: "3 months",
          monthly_repayment: 5_000_000,
        }),
      })
    ).json();
    const client = await fetch(app.url("/api/client-info"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: `Inbox Borrower ${tag}`,
        email: `borrower-${tag.toLowerCase()}@example.com`,
        phone: js ? "0909 555 0113" : "0909 555 0114",
        age_bracket: "26 - 35",
        income_range: "400k - 800k",
        client_location: "Ikeja, Lagos",
        client_id: "Yes",
        bvn_available: "Yes",
        deposit_available: "No",
        employment_status: "Employed",
        loan_application: loan.reference,
      }),
    });
    expect(client.status).toBe(201);

    const inbox = await app.open("/admin/leads", { js, admin: true });
    const filters = inbox.getByRole("form", { name: "Filter leads" });
    await filters.getByLabel("Search").fill(`Inbox ${tag}`);
    await filters.getByLabel("Kind").selectOption("contact");
    await filters.getByRole("button", { name: "Filter" }).click();
    await inbox.waitForURL((u) => u.searchParams.get("kind") === "contact");
    // Empty fields tidied away; the view on screen (the leads to answer) kept.
    expect(new URL(inbox.url()).search).toBe(`?category=lead&kind=contact&q=Inbox+${tag}`);
    await inbox
      .getByRole("status")
      .filter({ hasText: /^1 lead$/ })
      .waitFor();
    const row = inbox.getByRole("row").filter({ hasText: name });
    await expect(row.innerText()).resolves.toMatch(
      new RegExp(`Contact message[\\s\\S]*New[\\s\\S]*\\+234 812 555 ${js ? "0178" : "0179"}`),
    );

    const token = await bearerToken(app);
    const listed = await fetch(app.url(`/api/admin/leads?q=${encodeURIComponent(`inbox ${tag}`)}`), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(listed.headers.get("X-Total-Count")).toBe("4");
    const kinds = (await listed.json()).map((l: { kind: string; name: string }) => `${l.kind}:${l.name}`).sort();
    expect(kinds).toEqual([
      `contact:${name}`,
      `inspection:Inbox Booker ${tag}`,
      `loan:Inbox Borrower ${tag}`,
      `newsletter:Inbox Reader ${tag}`,
    ]);
    const one = await fetch(app.url(`/api/admin/leads/inspection/${booking.id}`), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await one.json()).toMatchObject({ kind: "inspection", id: booking.id, fields: { car_model: "RX 350" } });
  });

  it("changes a lead's status and note on its page; it shows there, in the activity trail and in the API", async () => {
    const [{ source_id: id }] = app.rows<{ source_id: number }>(
      "SELECT source_id FROM leads WHERE kind = 'contact' AND name = ?",
      name,
    );
    const page = await app.open(`/admin/leads/contact/${id}`, { js, admin: true });
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(`Contact message: ${name}`);
    const digits = js ? "2348125550178" : "2348125550179";
    await expect(
      page.getByRole("link", { name: `Call +234 812 555 ${digits.slice(-4)}` }).getAttribute("href"),
    ).resolves.toBe(`tel:+${digits}`);
    await expect(page.getByRole("link", { name: "WhatsApp", exact: true }).getAttribute("href")).resolves.toBe(
      `https://wa.me/${digits}`,
    );
    const form = page.getByRole("region", { name: "Status and note" });
    await form.getByLabel("Status").selectOption("contacted");
    await form.getByLabel("Note").fill(`Called back (${tag}), viewing Saturday`);
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Lead updated" }).waitFor();
    await expect(form.getByLabel("Status").inputValue()).resolves.toBe("contacted");
    await page.getByText(`Last changed by ${ADMIN_USERNAME}`).waitFor();
    const history = page.getByRole("region", { name: "History" });
    await expect(history.innerText()).resolves.toContain(
      `Updated a lead: status New → Contacted; note: Called back (${tag}), viewing Saturday`,
    );

    const trail = await app.open("/admin/activity", { js, admin: true });
    const filter = trail.getByRole("form", { name: "Filter activity" });
    await filter.getByLabel("Kind").selectOption("lead");
    await filter.getByRole("button", { name: "Filter" }).click();
    await trail.waitForURL((u) => u.searchParams.get("kind") === "lead");
    const entry = trail
      .getByRole("row")
      .filter({ hasText: `Contact message: ${name}` })
      .first();
    await expect(entry.innerText()).resolves.toMatch(
      new RegExp(`${ADMIN_USERNAME}[\\s\\S]*Updated a lead[\\s\\S]*status New → Contacted`),
    );

    const token = await bearerToken(app);
    const api = await (
      await fetch(app.url(`/api/admin/leads/contact/${id}`), { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    expect(api).toMatchObject({
      status: "contacted",
      note: `Called back (${tag}), viewing Saturday`,
      updated_by: ADMIN_USERNAME,
    });
    // And back through the API: a bad status is refused, a good one shows on the page.
    const patch = (body: unknown) =>
      fetch(app.url(`/api/admin/leads/contact/${id}`), {
        method: "PATCH",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const bad = await patch({ status: "sold" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Status must be one of: new, contacted, won, lost");
    expect((await (await patch({ status: "won" })).json()).status).toBe("won");
    await app.go(page, `/admin/leads/contact/${id}`);
    await expect(form.getByLabel("Status").inputValue()).resolves.toBe("won");
  });

  it("downloads the inbox as a CSV a spreadsheet opens: BOM, ₦ and accents intact, formulas neutral", async () => {
    const accented = `Adéolá Ọláńrewájú ${tag}`;
    const contact = await app.open("/connect", { js });
    const form = contact.getByRole("form", { name: "Send us a message" });
    await form.getByLabel("Full Name").fill(accented);
    await form.getByLabel("Phone Number").fill(js ? "0909 555 0113" : "0909 555 0115");
    await form.getByLabel("Email Address").fill(`adeola-${tag.toLowerCase()}@example.com`);
    await form.getByLabel("Your Message").fill("=cmd|' /C calc'!A0 budget ₦25,000,000");
    await form.getByRole("button", { name: "Send Message" }).click();
    await contact.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();

    const inbox = await app.open(`/admin/leads?q=${encodeURIComponent(accented)}`, { js, admin: true });
    const [download] = await Promise.all([
      inbox.waitForEvent("download"),
      inbox.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString("utf8"));
    expect(rows[0]).toEqual([
      "Kind",
      "Id",
      "Received (Lagos time)",
      "Status",
      "Name",
      "Phone",
      "Email",
      "Car id",
      "Car",
      "Car link",
      "Summary",
      "Note",
      "Updated by",
      "Updated at (Lagos time)",
      "Deposit (NGN)",
      "Reservation reference",
      "Reservation status",
      "Hold ends (Lagos time)",
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      0: "Contact message",
      3: "New",
      4: accented,
      5: js ? "'+234 909 555 0113" : "'+234 909 555 0115",
      6: `adeola-${tag.toLowerCase()}@example.com`,
      10: "'=cmd|' /C calc'!A0 budget ₦25,000,000",
    });
    // The Bearer export of newsletter subscribers.
    const token = await bearerToken(app);
    const subscribers = await fetch(app.url("/api/admin/leads.csv?kind=newsletter"), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(subscribers.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(subscribers.headers.get("Content-Disposition")).toMatch(/filename="newsletter-subscribers-/);
    const list = parseCsv(
      Buffer.from(await subscribers.arrayBuffer())
        .subarray(3)
        .toString("utf8"),
    );
    expect(list.slice(1).every((r) => r[0] === "Newsletter")).toBe(true);
    expect(list.slice(1).map((r) => r[4])).toContain(`Inbox Reader ${tag}`);
  });
});

describe.each(JS_MODES)("the activity trail $label", ({ js }) => {
  it("lists a car marked sold from the stock list, newest first, filtered by admin and kind", async () => {
    const [car] = app.rows<{ id: number; make: string; model: string; year: number }>(
      "SELECT id, make, model, year FROM cars WHERE sold = 0 ORDER BY id DESC LIMIT 1 OFFSET ?",
      js ? 0 : 1,
    );
    const page = await app.open(`/admin/create-listing?confirm=sold&id=${car.id}`, { js, admin: true });
    await page.getByRole("button", { name: "Yes" }).click();
    await page.getByRole("status").filter({ hasText: "Car marked as sold" }).waitFor();
    await app.go(page, `/admin/activity?admin=${ADMIN_USERNAME}&kind=car`);
    const first = page.getByRole("row").nth(1);
    await expect(first.innerText()).resolves.toMatch(
      new RegExp(`${ADMIN_USERNAME}[\\s\\S]*Marked a car as sold[\\s\\S]*${car.make} ${car.model} ${car.year}`),
    );
    const [sale] = app.rows<{ price: number | null; listed_at: string | null }>(
      "SELECT price, listed_at FROM car_sales WHERE car_id = ?",
      car.id,
    );
    expect(sale.price).toBeGreaterThan(0);
    expect(sale.listed_at).not.toBeNull();
  });
});

describe("the desk with leads and activity in it", () => {
  for (const [size, viewport] of SCREEN_SIZES) {
    it(`fits a ${size} px screen: inbox, a changed lead, activity (screenshots for people to look at)`, async () => {
      const [lead] = app.rows<{ source_id: number }>(
        "SELECT source_id FROM leads WHERE kind = 'contact' AND updated_by IS NOT NULL ORDER BY id LIMIT 1",
      );
      const page = await shootScreens(app, viewport, [
        [`admin-inbox-contacts-${size}`, "/admin/leads?kind=contact"],
        [`admin-lead-changed-${size}`, `/admin/leads/contact/${lead.source_id}`],
        [`admin-activity-entries-${size}`, "/admin/activity"],
      ]);
      // A filter that matches nothing says so, as cards on a phone and as a table row on a desk.
      await page.goto(app.url("/admin/leads?q=nobody-by-this-name"));
      await page.getByText("No leads match these filters.").filter({ visible: true }).waitFor();
      expect(await page.getByText("No leads match these filters.").filter({ visible: true }).count()).toBe(1);
      expect(app.consoleErrors(page)).toEqual([]);
    });
  }
});

describe("reports against a known history", () => {
  const reports = setupE2E({ browser: true, server: { seeded: false } });
  beforeAll(() => {
    const db = new Database(reports.server.dbPath);
    db.pragma("busy_timeout = 5000");
    try {
      loadReportDataset(db);
    } finally {
      db.close();
    }
  });

  for (const { js, label } of JS_MODES) {
    it(`shows every figure of the period, as figures and tables (${label})`, async () => {
      const page = await reports.open("/admin/report", { js, admin: true });
      const form = page.getByRole("form", { name: "Report period" });
      await form.getByLabel("From").fill(REPORT_RANGE.from);
      await form.getByLabel("To").fill(REPORT_RANGE.to);
      await form.getByRole("button", { name: "Show" }).click();
      await page.waitForURL((u) => u.searchParams.get("from") === REPORT_RANGE.from);
      await page.getByText(`${REPORT_RANGE.from} to ${REPORT_RANGE.to} (Lagos time)`).waitFor();
      const figure = (id: string) => page.getByTestId(id).innerText();
      await expect(figure("report-stock-count")).resolves.toContain("2 cars");
      await expect(figure("report-stock-value")).resolves.toContain("₦20,000,000");
      await expect(figure("report-sold")).resolves.toContain("4");
      await expect(figure("report-sales-value")).resolves.toContain("₦35,000,000");
      await expect(figure("report-days-to-sale")).resolves.toContain("53.7 days");
      // Leads a person can answer; the clicks and sign-ups apart; the abandoned loan application named.
      await expect(figure("report-leads")).resolves.toContain("4");
      await expect(figure("report-won-share")).resolves.toMatch(/50\.0%[\s\S]*2 of 4/);
      await expect(figure("report-whatsapp")).resolves.toMatch(/WhatsApp clicks[\s\S]*2/i);
      await expect(figure("report-newsletter")).resolves.toMatch(/Newsletter sign-ups[\s\S]*2/i);
      await expect(figure("report-incomplete")).resolves.toContain("1 loan application was left before");
      await page.getByText("1 of the sales in this period have no recorded price").waitFor();
      // The number tables show without JavaScript; the charts draw with it.
      const cells = async (caption: string, series: string) =>
        (
          await page
            .getByRole("table", { name: `Monthly counts for ${caption}` })
            .getByRole("row")
            .filter({ has: page.getByRole("rowheader", { name: series }) })
            .getByRole("cell")
            .allInnerTexts()
        ).map((t) => t.trim());
      expect(await cells("cars sold per month", "Cars Sold")).toEqual(EXPECTED.sales.count.map(String));
      expect(await cells("sales value per month", "Sales Value")).toEqual([
        "₦0",
        "₦30,000,000",
        "₦0",
        "₦5,000,000",
        "₦0",
        "₦0",
      ]);
      expect(await cells("leads per month", "Inspection")).toEqual(EXPECTED.leads.byKind.inspection.map(String));
      expect(await cells("leads per month", "Loan application")).toEqual(EXPECTED.leads.byKind.loan.map(String));
      const signals = "whatsapp clicks and newsletter sign-ups per month";
      expect(await cells(signals, "WhatsApp clicks")).toEqual(EXPECTED.signals.whatsapp.map(String));
      expect(await cells(signals, "Newsletter sign-ups")).toEqual(EXPECTED.signals.newsletter.map(String));
      // The median time to a first status change, per staff member.
      const response = page.getByTestId("first-response");
      const staffRow = async (name: string) =>
        (await response.getByRole("row").filter({ hasText: name }).getByRole("cell").allInnerTexts()).map((t) =>
          t.trim(),
        );
      expect(await staffRow("ada")).toEqual(["ada", "2", "13 h"]);
      expect(await staffRow("bayo")).toEqual(["bayo", "1", "30 min"]);
      expect(await staffRow("Everyone")).toEqual(["Everyone", "3", "2 h"]);
      await page.getByText("1 lead is still waiting for a first status change.").waitFor();
      if (js) await page.locator(".recharts-wrapper").nth(4).waitFor();
      expect(await page.locator(".recharts-wrapper").count()).toBe(js ? 5 : 0);
      if (js) {
        // For people to look at: the figures apart, and the staff's times to a first answer.
        for (const [size, viewport] of SCREEN_SIZES) {
          await page.setViewportSize(viewport);
          await settled(page);
          await screenshot(page, `admin-report-history-${size}`);
          expect(await scrollWidth(page), size).toBeLessThanOrEqual(viewport.width);
        }
        await page.setViewportSize(SCREEN_SIZES[0][1]);
      }

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("report-2019-01-01-to-2019-06-30.csv");
      const rows = parseCsv(
        fs
          .readFileSync((await download.path())!)
          .subarray(3)
          .toString("utf8"),
      );
      expect(rows.slice(1, 8).map((r) => r.slice(0, 3))).toEqual([
        ["2019-01", "0", "0"],
        ["2019-02", "2", "30000000"],
        ["2019-03", "1", "0"],
        ["2019-04", "1", "5000000"],
        ["2019-05", "0", "0"],
        ["2019-06", "0", "0"],
        ["Total", "4", "35000000"],
      ]);
      expect(rows).toContainEqual(["Share of leads won", "50.0%"]);
      expect(rows).toContainEqual(["ada", "2", "13"]);
    });
  }
});
