import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { edgePolicyOf } from "~/lib/edge";
import { ContactSchema, InspectionSchema } from "~/lib/lead-schemas";
import { activityAdmins, pageActivity } from "~/models/activity.server";
import { createContactMessage, createInspection } from "~/models/lead.server";
import { pageLeads } from "~/models/lead-inbox.server";
import { resetWhatsappClickBudget } from "~/models/whatsapp.server";
import { subscribeToNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";
import { getDb } from "../../db/database.server";
import { adminToken, bearer, respond, TEST_PASSWORD } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { validContact, validInspection } from "../../tests/helpers/leads";
import { loadContext } from "../../tests/helpers/load-context";
import * as dashboard from "./admin._index";
import * as activityPage from "./admin.activity";
import * as management from "./admin.admin-management";
import * as stockList from "./admin.create-listing";
import * as inbox from "./admin.leads._index";
import * as leadPage from "./admin.leads.$kind.$id";
import * as leadsCsv from "./admin.leads[.csv]";
import * as report from "./admin.report";
import * as reportCsv from "./admin.report[.csv]";
import * as adminAdd from "./api.admin.add";
import * as apiLeads from "./api.admin.leads";
import * as apiLead from "./api.admin.leads.$kind.$id";
import * as apiLeadsCsv from "./api.admin.leads[.csv]";
import * as apiCar from "./api.cars.$id";
import * as markSold from "./api.cars.mark-sold";
import * as chat from "./go.whatsapp";
import * as robots from "./robots[.]txt";

const BASE = "http://localhost";
const BROWSER = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile";
let token = "";
let cookie = "";

beforeEach(async () => {
  await clearData();
  resetWhatsappClickBudget();
  token = (await adminToken()).token;
  cookie = (await (await sessionCookie()).serialize(token)).split(";")[0];
});

const page = (url: string, init: RequestInit = {}, params: Record<string, string> = {}) => {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return {
    request: new Request(BASE + url, { ...init, headers }),
    params,
    context: loadContext({ clientIp: "10.0.0.9" }),
  };
};
const api = (url: string, init: RequestInit = {}, params: Record<string, string> = {}) => {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(bearer(token))) headers.set(k, v);
  return {
    request: new Request(BASE + url, { ...init, headers }),
    params,
    context: loadContext({ clientIp: "10.0.0.9" }),
  };
};
const visitor = (url: string, init: RequestInit = {}, ip = "10.0.0.7") => ({
  request: new Request(BASE + url, init),
  params: {},
  context: loadContext({ clientIp: ip }),
});
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});
const json = (method: string, body: unknown) => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const countClicks = async () =>
  Number(
    (
      await getDb()
        .selectFrom("whatsapp_clicks")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
async function latestActivity() {
  return (await pageActivity({}, 1, 50)).entries;
}

describe("GET /go/whatsapp", () => {
  it("counts a person's click as a whatsapp lead and answers 302 to wa.me with the car in the greeting", async () => {
    const car = await makeCar({ make: "Lexus", model: "RX 350", year: 2018 });
    const res = await respond(() =>
      chat.loader(
        visitor(`/go/whatsapp?car=${car}&from=/cars/${car}-lexus-rx-350-2018`, { headers: { "User-Agent": BROWSER } }),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      `https://wa.me/2348035550142?text=${encodeURIComponent(
        "Hello, I'm interested in the Lexus RX 350 2018 listed on your website.",
      )}`,
    );
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const { leads } = await pageLeads({ kind: "whatsapp" }, 1, 25);
    expect(leads).toEqual([
      expect.objectContaining({
        kind: "whatsapp",
        car_id: car,
        name: null,
        phone: null,
        email: null,
        summary: `WhatsApp chat about the Lexus RX 350 2018 from /cars/${car}-lexus-rx-350-2018`,
      }),
    ]);
  });

  it("keeps the greeting without a car, takes the page from the Referer, and counts every request once", async () => {
    const res = await respond(() =>
      chat.loader(visitor("/go/whatsapp", { headers: { "User-Agent": BROWSER, Referer: `${BASE}/connect?x=1` } })),
    );
    expect(res.headers.get("Location")).toBe(
      `https://wa.me/2348035550142?text=${encodeURIComponent(
        "Hello, I'm interested in a car listing on your website.",
      )}`,
    );
    await respond(() =>
      chat.loader(visitor("/go/whatsapp?car=999999&from=//evil.ng", { headers: { "User-Agent": BROWSER } })),
    );
    expect(await countClicks()).toBe(2);
    const rows = await getDb().selectFrom("whatsapp_clicks").select(["car_id", "from_path"]).orderBy("id").execute();
    expect(rows).toEqual([
      { car_id: null, from_path: "/connect" },
      { car_id: null, from_path: null }, // an unknown car and a page that is not ours are left out
    ]);
  });

  it("counts nothing for a HEAD, a prefetch or a bot, and still sends them on", async () => {
    const car = await makeCar();
    const requests: RequestInit[] = [
      { method: "HEAD", headers: { "User-Agent": BROWSER } },
      { headers: { "User-Agent": BROWSER, "Sec-Purpose": "prefetch" } },
      { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } },
      { headers: { "User-Agent": "WhatsApp/2.23.20.0" } },
      { headers: { "User-Agent": "curl/8.5.0" } },
    ];
    for (const init of requests) {
      const res = await respond(() => chat.loader(visitor(`/go/whatsapp?car=${car}`, init)));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toContain(encodeURIComponent("Toyota Camry 2020"));
    }
    expect(await countClicks()).toBe(0);
  });

  it("stops counting an address that clicks more than 30 times in 10 minutes (still sent on)", async () => {
    for (let i = 0; i < 32; i++) {
      const res = await respond(() =>
        chat.loader(visitor("/go/whatsapp", { headers: { "User-Agent": BROWSER } }, "10.1.1.1")),
      );
      expect(res.status).toBe(302);
    }
    await respond(() => chat.loader(visitor("/go/whatsapp", { headers: { "User-Agent": BROWSER } }, "10.1.1.2")));
    expect(await countClicks()).toBe(31);
  });

  it("is kept out of search engines' crawl", async () => {
    expect(await (await robots.loader()).text()).toContain("Disallow: /go/");
  });

  it("is never served from the page cache: the route does not declare itself shared", () => {
    expect(edgePolicyOf((chat as { handle?: unknown }).handle).shared).toBeUndefined();
  });
});

describe("the leads API", () => {
  async function someLeads() {
    const inspection = await createInspection(
      getDb(),
      InspectionSchema.parse({ ...validInspection(), name: "Ngozi Eze" }),
    );
    const contact = await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await subscribeToNewsletter(visitorActor("127.0.0.1"), { name: "Émeka", email: "emeka@example.com" }, "/");
    return { inspection, contact };
  }

  it("lists leads newest first with X-Total-Count and Link, filtered like the inbox", async () => {
    await someLeads();
    const res = await apiLeads.loader(api("/api/admin/leads?limit=2"));
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(res.headers.get("Link")).toContain('rel="next"');
    const body = await res.json();
    expect(body).toHaveLength(2);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        "assignee",
        "assignee_name",
        "assignee_phone",
        "car",
        "car_id",
        "category",
        "created_at",
        "email",
        "id",
        "kind",
        "name",
        "note",
        "phone",
        "status",
        "summary",
        "updated_at",
        "updated_by",
      ].sort(),
    );
    const filtered = await (await apiLeads.loader(api("/api/admin/leads?kind=inspection&q=ngozi"))).json();
    expect(filtered.map((l: { kind: string; name: string }) => [l.kind, l.name])).toEqual([
      ["inspection", "Ngozi Eze"],
    ]);
    const ignored = await apiLeads.loader(api("/api/admin/leads?kind=fax&from=yesterday"));
    expect(ignored.headers.get("X-Ignored-Filters")).toBe("kind,from");
  });

  it("answers one lead with every field the buyer sent, and 404 for none", async () => {
    const { inspection } = await someLeads();
    const res = await apiLead.loader(api("", {}, { kind: "inspection", id: String(inspection.id) }));
    expect(await res.json()).toMatchObject({
      id: inspection.id,
      kind: "inspection",
      status: "new",
      fields: { name: "Ngozi Eze", car_make: "Toyota", other_info: "Saturday morning please" },
    });
    for (const params of [
      { kind: "inspection", id: "999999" },
      { kind: "fax", id: "1" },
      { kind: "inspection", id: "abc" },
    ]) {
      const missing = await apiLead.loader(api("", {}, params));
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "Lead not found" });
    }
  });

  it("changes status and note with PATCH, records it, and refuses a bad status with 400", async () => {
    const { contact } = await someLeads();
    const params = { kind: "contact", id: String(contact.id) };
    const res = await apiLead.action(api("", json("PATCH", { status: "contacted", note: "Called at 10" }), params));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "contacted", note: "Called at 10", updated_by: "boss" });
    expect((await latestActivity())[0]).toMatchObject({
      admin_username: "boss",
      action: "lead.update",
      target_kind: "lead",
      target_id: `contact/${contact.id}`,
      target_label: "Contact message: Aisha Bello",
      detail: "status New → Contacted; note: Called at 10",
    });
    const bad = await apiLead.action(api("", json("PATCH", { status: "closed" }), params));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Status must be one of: new, contacted, won, lost" });
    expect((await apiLead.action(api("", json("PUT", { status: "won" }), params))).status).toBe(405);
    const none = await apiLead.action(api("", json("PATCH", { status: "won" }), { kind: "contact", id: "999999" }));
    expect(none.status).toBe(404);
    const anonymous = await respond(() => apiLead.action({ ...visitor("", json("PATCH", { status: "won" })), params }));
    expect(anonymous.status).toBe(401);
  });

  it("exports the filtered leads as a streamed CSV with a BOM, formula cells neutralised", async () => {
    await createContactMessage(
      getDb(),
      ContactSchema.parse({
        ...validContact(),
        name: "Adéolá Ọláńrewájú",
        message: "=cmd|' /C calc'!A0 for ₦25,000,000",
      }),
    );
    await someLeads();
    const res = await apiLeadsCsv.loader(api("/api/admin/leads.csv?kind=contact"));
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toBeInstanceOf(ReadableStream);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFKind,Id,Received (Lagos time),Status,Name,Phone,Email,Car id,Car,Car link,Summary,Note,Updated by," +
        "Updated at (Lagos time),Deposit (NGN),Reservation reference,Reservation status,Hold ends (Lagos time)",
    );
    expect(lines).toHaveLength(4); // header, two contact messages, the last line's end
    expect(lines.find((l) => l.includes("Adéolá Ọláńrewájú"))).toContain(`"'=cmd|' /C calc'!A0 for ₦25,000,000"`);
    expect(lines.find((l) => l.includes("Aisha Bello"))).toContain(",'+234 812 555 0178,");
    const subscribers = await apiLeadsCsv.loader(api("/api/admin/leads.csv?kind=newsletter"));
    expect(subscribers.headers.get("Content-Disposition")).toMatch(/newsletter-subscribers-/);
    expect(await subscribers.text()).toMatch(/\r\nNewsletter,\d+,[\d :-]+,New,Émeka,,emeka@example.com,/);
    const anonymous = await respond(() => apiLeadsCsv.loader(visitor("/api/admin/leads.csv")));
    expect(anonymous.status).toBe(401);
  });
});

describe("the leads pages", () => {
  it("lists leads in the inbox, tidies the form's empty fields away, counts new leads on the dashboard", async () => {
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    const data = await inbox.loader(page("/admin/leads?kind=contact"));
    expect(data).toMatchObject({
      total: 1,
      page: 1,
      pageCount: 1,
      filters: { kind: "contact" },
      query: "?kind=contact",
    });
    expect(data.leads[0]).toMatchObject({ kind: "contact", name: "Aisha Bello" });
    const tidy = await respond(() => inbox.loader(page("/admin/leads?q=&kind=contact&status=&from=&to=&car=&page=2")));
    expect(tidy.status).toBe(302);
    expect(tidy.headers.get("Location")).toBe("/admin/leads?kind=contact&page=2");
    expect((await dashboard.loader(page("/admin"))).newLeads).toBe(1);
    const csv = await leadsCsv.loader(page("/admin/leads.csv"));
    const csvBytes = new Uint8Array(await csv.arrayBuffer());
    expect([...csvBytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // Response.text() would drop the BOM
    expect(new TextDecoder().decode(csvBytes)).toMatch(/^Kind,Id,/);
    const anonymous = await respond(() => leadsCsv.loader(visitor("/admin/leads.csv")));
    expect(anonymous.headers.get("Location")).toBe("/admin/login?next=%2Fadmin%2Fleads.csv");
  });

  it("saves a status and note from the lead's page (a plain form post), shows them, records who", async () => {
    const contact = await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    const params = { kind: "contact", id: String(contact.id) };
    const saved = await respond(() =>
      leadPage.action(page("", form({ status: "won", note: "Bought the Lexus" }), params)),
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/admin/leads/contact/${contact.id}?done=saved`);
    const shown = await leadPage.loader(page(`/admin/leads/contact/${contact.id}?done=saved`, {}, params));
    expect(shown).toMatchObject({
      saved: true,
      lead: {
        status: "won",
        note: "Bought the Lexus",
        updated_by: "boss",
        fields: { message: validContact().message },
      },
      history: [{ admin_username: "boss", action: "lead.update", detail: "status New → Won; note: Bought the Lexus" }],
    });
    const refused = await leadPage.action(page("", form({ status: "closed" }), params));
    expect(refused).toMatchObject({ init: { status: 400 }, data: { ok: false, error: "Failed to update the lead" } });
    const missing = await respond(() => leadPage.loader(page("", {}, { kind: "contact", id: "999999" })));
    expect(missing.status).toBe(404);
  });
});

describe("the activity trail", () => {
  it("records every admin write, from pages and API alike, with who, what and the thing touched", async () => {
    const car = await makeCar({ make: "Kia", model: "Rio", year: 2019 });
    await respond(() =>
      markSold.action(
        api(
          "/api/cars/mark-sold",
          json("POST", {
            id: car,
            make: "Kia",
            model: "Rio",
            year: 2019,
            dateSold: new Date().toISOString(),
            timeSold: "10:00",
          }),
        ),
      ),
    );
    const other = await makeCar();
    await respond(() => stockList.action(page("/admin/create-listing", form({ intent: "delete", id: String(other) }))));
    const third = await makeCar({ model: "Corolla" });
    await apiCar.action(api(`/api/cars/${third}`, { method: "DELETE" }, { id: String(third) }));
    await adminAdd.action(
      api(
        "/api/admin/add",
        json("POST", { username: "clerk", password: "long-enough-pw", currentPassword: TEST_PASSWORD }),
      ),
    );
    await management.action(
      page("/admin/admin-management", form({ intent: "remove", username: "clerk", currentPassword: TEST_PASSWORD })),
    );
    const entries = (await latestActivity()).slice(0, 5); // the trail keeps every earlier test's entries too
    expect(entries.map((e) => [e.admin_username, e.action, e.target_kind, e.target_id, e.target_label])).toEqual([
      ["boss", "admin.remove", "admin", "clerk", null],
      ["boss", "admin.add", "admin", "clerk", null],
      ["boss", "car.delete", "car", String(third), "Toyota Corolla 2020"],
      ["boss", "car.delete", "car", String(other), "Toyota Camry 2020"],
      ["boss", "car.sold", "car", String(car), "Kia Rio 2019"],
    ]);
    expect(await activityAdmins()).toEqual(["boss"]);
    const lister = await activityPage.loader(page("/admin/activity?kind=admin&admin=BOSS"));
    expect(lister.entries.map((e) => e.action).slice(0, 2)).toEqual(["admin.remove", "admin.add"]);
    expect(lister.entries.every((e) => e.target_kind === "admin" && e.admin_username === "boss")).toBe(true);
    // The sale kept its price and the car's listing date, for the reports.
    const sale = await getDb().selectFrom("car_sales").selectAll().where("car_id", "=", car).executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ price: 25_000_000, listed_at: expect.any(String) });
  });

  it("cannot be changed: the database refuses, and no route can write to it", async () => {
    const before = (await pageActivity({}, 1, 1)).total;
    const car = String(await makeCar());
    await respond(() => stockList.action(page("/admin/create-listing", form({ intent: "delete", id: car }))));
    await expect(getDb().updateTable("activity").set({ admin_username: "someone" }).execute()).rejects.toThrow(
      "The activity log cannot be changed",
    );
    await expect(getDb().deleteFrom("activity").execute()).rejects.toThrow("The activity log cannot be changed");
    expect((await pageActivity({}, 1, 1)).total).toBe(before + 1);
    // The Activity page has no action, and nothing in the app updates or deletes an activity row.
    expect("action" in activityPage).toBe(false);
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) sources.push(full);
      }
    };
    walk(path.resolve(__dirname, ".."));
    const writers = sources.filter((file) =>
      /(updateTable|deleteFrom)\(\s*["']activity["']|(UPDATE|DELETE\s+FROM)\s+activity\b/i.test(
        fs.readFileSync(file, "utf8"),
      ),
    );
    expect(writers).toEqual([]);
    const routes = fs.readdirSync(path.resolve(__dirname)).filter((f) => /activity/.test(f) && !f.endsWith(".test.ts"));
    expect(routes).toEqual(["admin.activity.tsx"]);
  });
});

describe("the reports page", () => {
  it("answers this year's report and its CSV; a bad range falls back to this year with the reason", async () => {
    const data = await report.loader(page("/admin/report"));
    const year = new Date(Date.now() + 3_600_000).toISOString().slice(0, 4);
    expect(data.report.range).toEqual({ from: `${year}-01-01`, to: `${year}-12-31` });
    expect(data.report.months).toHaveLength(12);
    expect(data.problem).toBeNull();
    const bad = await report.loader(page("/admin/report?from=2026-05-01&to=2026-01-01"));
    expect(bad.problem).toBe("The start date must be on or before the end date.");
    const csv = await reportCsv.loader(page("/admin/report.csv?from=2026-01-01&to=2026-03-31"));
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="report-2026-01-01-to-2026-03-31.csv"');
    expect(
      (await csv.text())
        .split("\r\n")
        .slice(1, 4)
        .map((l) => l.split(",")[0]),
    ).toEqual(["2026-01", "2026-02", "2026-03"]);
  });
});
