import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { edgePolicyOf } from "~/lib/edge";
import { addDays, ContactSchema, InspectionSchema, LoanApplicationSchema, lagosToday } from "~/lib/lead-schemas";
import { createContactMessage, createInspection, createLoanApplication } from "~/models/lead.server";
import { updateLead } from "~/models/lead-inbox.server";
import { recordWhatsappClick, resetWhatsappClickBudget } from "~/models/whatsapp.server";
import { subscribeToNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";
import { getDb } from "../../db/database.server";
import { adminToken, bearer } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import {
  jsonRequest,
  leadFormRequest,
  openDayAfter,
  openDayFrom,
  validContact,
  validInspection,
  validLoanApplication,
} from "../../tests/helpers/leads";
import { loadContext } from "../../tests/helpers/load-context";
import * as dashboard from "./admin._index";
import * as inspectionsPage from "./admin.inspections";
import * as inbox from "./admin.leads._index";
import * as apiLeads from "./api.admin.leads";
import * as apiContact from "./api.contact";
import * as apiInspections from "./api.inspections";
import * as booking from "./book-inspection";
import * as connect from "./connect";

/**
 * Lead figures staff can trust, through the pages and APIs: a booking or a message sent from a
 * car's page keeps the car; the dashboard counts leads a person can answer; inspections list by
 * the day chosen.
 */

let token = "";
let cookie = "";
beforeEach(async () => {
  await clearData();
  resetWhatsappClickBudget();
  token = (await adminToken()).token;
  cookie = (await (await sessionCookie()).serialize(token)).split(";")[0];
});

type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const run = (fn: unknown, request: Request) =>
  (fn as Fn)({ request, params: {}, context: loadContext({ clientIp: "10.0.0.5" }) });
const get = (url: string, headers: Record<string, string> = {}) => new Request(`http://localhost${url}`, { headers });
const staff = (url: string) => get(url, { Cookie: cookie });
const data = async (fn: unknown, request: Request): Promise<any> => {
  const out = await run(fn, request);
  if (out instanceof Response) throw new Error(`Expected data, got ${out.status}`);
  const wrapped = out as { type?: string; data?: unknown };
  return wrapped?.type === "DataWithResponseInit" ? wrapped.data : out;
};

describe("booking from a car's page", () => {
  it("names the car on the form, prefills it and declares ?car for the page cache", async () => {
    const id = await makeCar({ make: "Lexus", model: "RX 350", year: 2021 });
    const page = await data(booking.loader, get(`/book-inspection?car=${id}`));
    expect(page.car).toEqual({ id, name: "Lexus RX 350 2021", path: `/cars/${id}-lexus-rx-350-2021` });
    expect(page.prefill).toEqual({ car_make: "Lexus", car_model: "RX 350" });
    expect(page.soldCar).toBeNull();
    expect(edgePolicyOf(booking.handle).shared?.query).toContain("car");
    expect(edgePolicyOf(connect.handle).shared?.query).toEqual(["car"]);
    // An unknown or unreadable id is ignored; a sold car is named in a notice, not booked.
    for (const q of ["car=999999", "car=abc", "car=-2"]) {
      expect(await data(booking.loader, get(`/book-inspection?${q}`))).toMatchObject({ car: null, soldCar: null });
    }
    const sold = await makeCar({ make: "Kia", model: "Rio", year: 2019, sold: true });
    expect(await data(booking.loader, get(`/book-inspection?car=${sold}`))).toMatchObject({
      car: null,
      soldCar: "Kia Rio 2019",
      prefill: { car_make: "", car_model: "" },
    });
  });

  it("stores the car's id, says what was booked, and books a car deleted meanwhile without it", async () => {
    const id = await makeCar({ make: "Lexus", model: "RX 350", year: 2021 });
    const date = openDayFrom(3);
    const fields = { ...validInspection(), car_make: "Lexus", car_model: "RX 350", inspection_date: date };
    const sent = (await run(
      booking.action,
      await leadFormRequest(`/book-inspection?car=${id}`, { ...fields, car_id: String(id) }),
    )) as { ok: true; id: number; detail: string };
    expect(sent.ok).toBe(true);
    expect(sent.detail).toMatch(/^We have you down to see the Lexus RX 350 2021 on \w+ \d+ \w+ \d{4}\. /);
    expect(sent.detail).toContain("We confirm by phone within one working day, on +234 803 555 0142.");
    const stored = await getDb().selectFrom("inspections").selectAll().where("id", "=", sent.id).executeTakeFirst();
    expect(stored?.car_id).toBe(id);
    const lead = await getDb()
      .selectFrom("leads")
      .select(["car_id", "category"])
      .where("kind", "=", "inspection")
      .where("source_id", "=", sent.id)
      .executeTakeFirst();
    expect(lead).toEqual({ car_id: id, category: "lead" });

    const later = (await run(
      booking.action,
      await leadFormRequest("/book-inspection", {
        ...fields,
        inspection_date: openDayAfter(date),
        car_id: "999999",
      }),
    )) as { ok: true; id: number; detail: string };
    expect(later.detail).toMatch(/^We have you down to see the Lexus RX 350 on /);
    const orphan = await getDb()
      .selectFrom("inspections")
      .select("car_id")
      .where("id", "=", later.id)
      .executeTakeFirst();
    expect(orphan?.car_id).toBeNull();
  });

  it("asks about a car from Connect: named, prefilled, kept with the message", async () => {
    const id = await makeCar({ make: "Toyota", model: "Camry", year: 2020, price: 25_000_000 });
    const page = await data(connect.loader, get(`/connect?car=${id}`));
    expect(page.car).toEqual({
      id,
      name: "Toyota Camry 2020",
      path: `/cars/${id}-toyota-camry-2020`,
      price: "₦25,000,000",
    });
    expect(page.prefill.message).toBe("Hello, I am interested in the Toyota Camry 2020. Is it still available?");
    expect((await data(connect.loader, get("/connect"))).car).toBeNull();
    const sent = (await run(
      connect.action,
      await leadFormRequest(`/connect?car=${id}`, { ...validContact(), car_id: String(id) }),
    )) as { ok: true; id: number; detail: string };
    expect(sent.detail).toBe(
      "Your message about the Toyota Camry 2020 is with our sales team. We reply within one working day, by phone " +
        "on +234 812 555 0178 or by email to aisha@example.com.",
    );
    const stored = await getDb()
      .selectFrom("contact_messages")
      .select("car_id")
      .where("id", "=", sent.id)
      .executeTakeFirst();
    expect(stored?.car_id).toBe(id);
  });

  it("takes car_id on the public APIs, and refuses one that names no car", async () => {
    const id = await makeCar();
    const booked = await apiInspections.action({
      request: jsonRequest("/api/inspections", { ...validInspection(), car_id: id }),
      params: {},
      context: loadContext(),
    });
    expect(booked.status).toBe(201);
    expect(await booked.json()).toMatchObject({ car_id: id });
    const unknown = await apiInspections.action({
      request: jsonRequest("/api/inspections", { ...validInspection(), car_id: 999_999 }),
      params: {},
      context: loadContext(),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: "There is no car with id 999999 in our stock",
      fields: { car_id: "There is no car with id 999999 in our stock" },
    });
    const bad = await apiContact.action({
      request: jsonRequest("/api/contact", { ...validContact(), car_id: "twelve" }),
      params: {},
      context: loadContext(),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      car_id: "Car id must be the id of a car in our stock (a whole number)",
    });
    const asked = await apiContact.action({
      request: jsonRequest("/api/contact", { ...validContact(), car_id: String(id) }),
      params: {},
      context: loadContext(),
    });
    expect(asked.status).toBe(201);
    expect(await asked.json()).toMatchObject({ car_id: id });

    // The staff's API names the car and links to it.
    const listed = await (
      await apiLeads.loader({
        request: new Request(`http://localhost/api/admin/leads?car=${id}`, { headers: bearer(token) }),
        params: {},
        context: loadContext(),
      })
    ).json();
    expect(listed.map((l: { kind: string; car: unknown }) => [l.kind, l.car])).toEqual([
      [
        "contact",
        {
          id,
          title: "Toyota Camry 2020",
          exists: true,
          sold: false,
          url: `http://shop.ng/cars/${id}-toyota-camry-2020`,
        },
      ],
      [
        "inspection",
        {
          id,
          title: "Toyota Camry 2020",
          exists: true,
          sold: false,
          url: `http://shop.ng/cars/${id}-toyota-camry-2020`,
        },
      ],
    ]);
  });
});

describe("the dashboard's figures", () => {
  it("count leads a person can answer; WhatsApp clicks and sign-ups apart; incomplete loans not at all", async () => {
    const carId = await makeCar();
    const inspection = await createInspection(getDb(), InspectionSchema.parse(validInspection()));
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await createLoanApplication(getDb(), LoanApplicationSchema.parse(validLoanApplication())); // no client information
    await subscribeToNewsletter(visitorActor("127.0.0.1"), { name: "Reader", email: "reader@example.com" }, "/");
    await subscribeToNewsletter(visitorActor("127.0.0.1"), { name: "Other", email: "other@example.com" }, "/");
    await recordWhatsappClick({ carId, from: "/", address: "10.1.0.1" });
    await updateLead(getDb(), "inspection", inspection.id, { assigneeId: (await adminToken()).adminId }, "boss");

    const board = await data(dashboard.loader, staff("/admin"));
    expect(board.newLeads).toBe(2);
    expect(board.myNewLeads).toBe(1);
    const year = new Date().getUTCFullYear();
    expect(board.signals).toEqual({
      clicks: 1,
      signUps: 2,
      clicksHref: `/admin/leads?kind=whatsapp&from=${year}-01-01&to=${year}-12-31`,
      signUpsHref: `/admin/leads?kind=newsletter&from=${year}-01-01&to=${year}-12-31`,
    });
    // The card's link lists exactly what it counts.
    expect((await data(inbox.loader, staff("/admin/leads?category=lead&status=new"))).total).toBe(2);
    const incomplete = await data(inbox.loader, staff("/admin/leads?category=incomplete"));
    expect(incomplete.leads.map((l: { kind: string; name: string | null }) => [l.kind, l.name])).toEqual([
      ["loan", null],
    ]);
    // The inbox opens on the leads to answer; everything is one link away.
    expect((await data(inbox.loader, staff("/admin/leads"))).total).toBe(2);
    expect((await data(inbox.loader, staff("/admin/leads?category=all"))).total).toBe(6);
  });
});

describe("Inspection Requests", () => {
  it("lists Upcoming (from today, soonest first), Today and Past (latest first), with the car", async () => {
    const today = lagosToday();
    const carId = await makeCar({ make: "Honda", model: "Accord", year: 2018 });
    const book = async (name: string, date: string, car: number | null = null) => {
      const row = await createInspection(
        getDb(),
        InspectionSchema.parse({ ...validInspection(), name, car_id: car ?? "" }),
      );
      // Stored dates in the past cannot be booked through the form: set them as the history would have.
      await getDb().updateTable("inspections").set({ inspection_date: date }).where("id", "=", row.id).execute();
    };
    await book("Later", addDays(today, 9));
    await book("Soon", addDays(today, 2), carId);
    await book("Today One", today);
    await book("Long Ago", addDays(today, -40));
    await book("Yesterday", addDays(today, -1));
    const names = async (query: string) =>
      (await data(inspectionsPage.loader, staff(`/admin/inspections${query}`))).inspections.map(
        (r: { name: string }) => r.name,
      );
    expect(await names("")).toEqual(["Today One", "Soon", "Later"]);
    expect(await names("?view=today")).toEqual(["Today One"]);
    expect(await names("?view=past")).toEqual(["Yesterday", "Long Ago"]);
    const page = await data(inspectionsPage.loader, staff("/admin/inspections?view=upcoming"));
    expect(page).toMatchObject({ view: "upcoming", today, counts: { today: 1, upcoming: 3 }, total: 3 });
    expect(page.inspections[1].car).toMatchObject({ id: carId, title: "Honda Accord 2018", exists: true });

    // The API: as received by default, or by a view.
    const api = async (query: string) =>
      (
        await (
          await apiInspections.loader({
            request: new Request(`http://localhost/api/inspections${query}`, { headers: bearer(token) }),
            params: {},
            context: loadContext(),
          })
        ).json()
      ).map((r: { name: string }) => r.name);
    expect(await api("")).toEqual(["Yesterday", "Long Ago", "Today One", "Soon", "Later"]);
    expect(await api("?view=past")).toEqual(["Yesterday", "Long Ago"]);
  });
});
