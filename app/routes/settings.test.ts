import { beforeEach, describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config/site";
import { sessionCookie } from "~/http/cookies.server";
import { settingsFormValues } from "~/lib/business-schema";
import { pageActivity } from "~/models/activity.server";
import { getBusiness, saveBusiness } from "~/models/business.server";
import { resetLoginThrottle } from "~/models/login-throttle.server";
import { getDb } from "../../db/database.server";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { makeImage, uploadedFiles } from "../../tests/helpers/db";
import { jsonRequest, leadFormRequest, openDayFrom, validInspection } from "../../tests/helpers/leads";
import { loadContext } from "../../tests/helpers/load-context";
import * as settingsPage from "./admin.settings";
import * as settingsApi from "./api.admin.settings";
import * as logoApi from "./api.admin.settings.logo";
import * as inspectionsApi from "./api.inspections";
import * as bookingPage from "./book-inspection";

const BASE = "http://localhost";
const payload = (out: unknown) =>
  (out as { data?: unknown; type?: string })?.type === "DataWithResponseInit" ? (out as { data: any }).data : out;
const status = (out: unknown) => (out as { init?: { status?: number } })?.init?.status ?? 200;

beforeEach(async () => {
  resetLoginThrottle();
  await saveBusiness(getDb(), defaultBusiness);
});

const put = (token: string, body: unknown) =>
  respond(() =>
    settingsApi.action({
      request: new Request(`${BASE}/api/admin/settings`, {
        method: "PUT",
        headers: { ...bearer(token), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
      params: {},
      context: loadContext(),
    }),
  );

async function cookieFor(role: "owner" | "sales") {
  const { token } = await adminToken(role === "owner" ? "boss" : "seller", role);
  return (await (await sessionCookie()).serialize(token)).split(";")[0];
}

describe("PUT /api/admin/settings", () => {
  it("saves what an owner sends, phones canonical, and records the change", async () => {
    const { token } = await adminToken("boss");
    const res = await put(token, {
      name: "Ade Motors",
      phones: ["0803 555 0199", "+234 (0) 812-555-0100"],
      whatsapp: "234 909 555 0111",
      socials: [{ name: "Instagram", url: "https://instagram.com/ademotors" }],
      hours: { ...defaultBusiness.hours, sat: null, sun: { open: "12:00", close: "16:00" } },
      promotion: { text: "December sale", url: "/browse?body_type=SUV" },
    });
    expect(res.status).toBe(200);
    const business = await getBusiness();
    expect(business).toMatchObject({
      name: "Ade Motors",
      phones: ["+2348035550199", "+2348125550100"],
      whatsapp: "+2349095550111",
      tagline: defaultBusiness.tagline, // left out: kept
      promotion: { text: "December sale", url: "/browse?body_type=SUV" },
    });
    const { entries } = await pageActivity({ kind: "business" }, 1, 5);
    expect(entries[0]).toMatchObject({ action: "settings.update", admin_username: "boss" });
    expect(entries[0].detail).toContain("name");
    expect(entries[0].detail).toContain("WhatsApp number");
  });

  it("refuses bad input field by field and stores nothing", async () => {
    const { token } = await adminToken("boss");
    const res = await put(token, {
      name: "",
      email: "not-an-email",
      phones: ["0803 555 0142", "12345"],
      socials: [{ name: "Facebook", url: "http://facebook.com/x" }],
      hours: { ...defaultBusiness.hours, mon: { open: "18:00", close: "08:00" } },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toMatchObject({
      name: "Business name is required",
      email: "Enter a valid email address",
      "phones.1": "Enter a Nigerian mobile number, e.g. 0803 555 0142",
      "socials.0.url": "Use a full https:// address, e.g. https://www.instagram.com/yourshop",
      "hours.mon": "Closing time must be after opening time",
    });
    expect(await getBusiness()).toEqual(defaultBusiness);
    const closedAllWeek = Object.fromEntries(Object.keys(defaultBusiness.hours).map((d) => [d, null]));
    expect((await (await put(token, { hours: closedAllWeek })).json()).fields).toEqual({
      hours: "Open at least one day a week",
    });
  });

  it("answers a sales account 403 and a missing token 401; GET gives the settings to owners only", async () => {
    const sales = await adminToken("seller", "sales");
    expect((await put(sales.token, { name: "Hijacked" })).status).toBe(403);
    expect((await getBusiness()).name).toBe(defaultBusiness.name);
    const get = (headers: Record<string, string>) =>
      respond(() =>
        settingsApi.loader({
          request: new Request(`${BASE}/api/admin/settings`, { headers }),
          params: {},
          context: loadContext(),
        }),
      );
    expect((await get({})).status).toBe(401);
    expect((await get(bearer(sales.token))).status).toBe(403);
    const owner = await adminToken("boss");
    const ok = await get(bearer(owner.token));
    expect(ok.status).toBe(200);
    expect((await ok.json()).settings.name).toBe(defaultBusiness.name);
  });
});

describe("the settings page", () => {
  const post = async (cookie: string, fields: Record<string, string>) =>
    settingsPage.action({
      request: new Request(`${BASE}/admin/settings`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: loadContext({ clientIp: "127.0.0.9" }),
    });

  it("saves the form and keeps what was typed with field messages when refused", async () => {
    const cookie = await cookieFor("owner");
    const fields = { intent: "settings", ...settingsFormValues(defaultBusiness) };
    const saved = await respond(() => post(cookie, { ...fields, name: "Bola Autos", "hours.sun.closed": "" }));
    expect(saved.headers.get("Location")).toBe("/admin/settings?saved=settings");
    // An unticked checkbox is not sent: Sunday now opens at the times shown.
    const sundayOpen = { ...fields, name: "Bola Autos" } as Record<string, string>;
    delete sundayOpen["hours.sun.closed"];
    expect((await respond(() => post(cookie, sundayOpen))).status).toBe(302);
    expect((await getBusiness()).hours.sun).toEqual({ open: "08:00", close: "18:00" });

    const refused = await post(cookie, { ...fields, name: "Typed Name", whatsapp: "0803", "socials.1.url": "ftp://x" });
    expect(status(refused)).toBe(400);
    expect(payload(refused)).toMatchObject({
      ok: false,
      message: "The settings were not saved: check the fields marked in red.",
      fieldErrors: {
        whatsapp: "Enter a Nigerian mobile number, e.g. 0803 555 0142",
        "socials.1.url": expect.any(String),
      },
      values: { name: "Typed Name", whatsapp: "0803" },
    });
    expect((await getBusiness()).name).toBe("Bola Autos");
  });

  it("shows the stored numbers the local way (0803 555 0142) and a save stores them canonical again", async () => {
    const cookie = await cookieFor("owner");
    await saveBusiness(getDb(), {
      ...defaultBusiness,
      phones: ["+2348035550199", "+2349155550113"],
      whatsapp: "+2349095550177",
    });
    const page = (await settingsPage.loader({
      request: new Request(`${BASE}/admin/settings`, { headers: { Cookie: cookie } }),
      params: {},
      context: loadContext(),
    })) as Awaited<ReturnType<typeof settingsPage.loader>>;
    expect(page.values).toMatchObject({ "phones.0": "0803 555 0199", "phones.1": "0915 555 0113" });
    expect(page.values.whatsapp).toBe("0909 555 0177");
    expect((await respond(() => post(cookie, { intent: "settings", ...page.values }))).status).toBe(302);
    expect(await getBusiness()).toMatchObject({
      phones: ["+2348035550199", "+2349155550113"],
      whatsapp: "+2349095550177",
    });
  });

  it("answers a sales account 403, loader and action", async () => {
    const cookie = await cookieFor("sales");
    const loader = await respond(() =>
      settingsPage.loader({
        request: new Request(`${BASE}/admin/settings`, { headers: { Cookie: cookie } }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(loader.status).toBe(403);
    const action = await respond(() => post(cookie, { intent: "settings", name: "X" }));
    expect(action.status).toBe(403);
  });
});

describe("the logo", () => {
  const upload = (token: string, file: Blob, method = "POST") => {
    const body = new FormData();
    body.append("logo", file, "logo.png");
    return respond(() =>
      logoApi.action({
        request: new Request(`${BASE}/api/admin/settings/logo`, {
          method,
          headers: bearer(token),
          body: method === "DELETE" ? undefined : body,
        }),
        params: {},
        context: loadContext(),
      }),
    );
  };

  it("stores a PNG with its variants, replaces the old one, refuses other files, and removes it", async () => {
    const { token } = await adminToken("boss");
    const first = await upload(token, new Blob([new Uint8Array(await makeImage("png"))], { type: "image/png" }));
    expect(first.status).toBe(201);
    const logo = (await first.json()).logo as string;
    expect(logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect((await getBusiness()).logo).toBe(logo);
    const second = await upload(token, new Blob([new Uint8Array(await makeImage("webp"))], { type: "image/webp" }));
    const next = (await second.json()).logo as string;
    expect(uploadedFiles().some((f) => f.endsWith(logo.slice("/uploads/".length)))).toBe(false);
    expect(uploadedFiles().some((f) => f.endsWith(next.slice("/uploads/".length)))).toBe(true);
    const text = await upload(token, new Blob(["<svg></svg>"], { type: "image/png" }));
    expect(text.status).toBe(400);
    expect((await getBusiness()).logo).toBe(next);
    const sales = await adminToken("seller", "sales");
    expect((await upload(sales.token, new Blob([new Uint8Array(await makeImage("png"))]))).status).toBe(403);
    const removed = await upload(token, new Blob([]), "DELETE");
    expect(removed.status).toBe(200);
    expect((await getBusiness()).logo).toBeNull();
  });
});

describe("opening hours drive inspection booking", () => {
  it("refuses a date on a closed day with the open days, and takes it once the day opens", async () => {
    const sunday = (() => {
      let d = openDayFrom(1);
      while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 0)
        d = new Date(Date.parse(`${d}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      return d;
    })();
    const book = () =>
      respond(() =>
        inspectionsApi.action({
          request: jsonRequest("/api/inspections", { ...validInspection(), inspection_date: sunday }),
          params: {},
          context: loadContext(),
        }),
      );
    const refused = await book();
    expect(refused.status).toBe(400);
    const message = "We are closed on Sundays. Please pick a day we are open: Monday to Saturday.";
    expect(await refused.json()).toEqual({ error: message, fields: { inspection_date: message } });
    await saveBusiness(getDb(), {
      ...defaultBusiness,
      hours: { ...defaultBusiness.hours, sun: { open: "10:00", close: "14:00" } },
    });
    expect((await book()).status).toBe(201);
  });

  it("refuses it on the booking page too, beside the date, keeping what was typed", async () => {
    await saveBusiness(getDb(), { ...defaultBusiness, hours: { ...defaultBusiness.hours, sat: null } });
    let saturday = openDayFrom(1);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6)
      saturday = new Date(Date.parse(`${saturday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const out = await bookingPage.action({
      request: await leadFormRequest("/book-inspection", { ...validInspection(), inspection_date: saturday }),
      params: {},
      context: loadContext(),
    });
    expect(status(out)).toBe(400);
    const message = "We are closed on Saturdays. Please pick a day we are open: Monday to Friday.";
    expect(payload(out)).toMatchObject({
      ok: false,
      fieldErrors: { inspection_date: message },
      values: { name: validInspection().name, inspection_date: saturday },
    });
  });
});
