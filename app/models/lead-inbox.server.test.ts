import { beforeEach, describe, expect, it } from "vitest";
import { ClientInfoSchema, ContactSchema, InspectionSchema, LoanApplicationSchema } from "~/lib/lead-schemas";
import { subscribeToNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { validClientInfo, validContact, validInspection, validLoanApplication } from "../../tests/helpers/leads";
import { createClientInfo, createContactMessage, createInspection, createLoanApplication } from "./lead.server";
import { countLeads, getLead, leadBatches, leadSearchMatch, pageLeads, updateLead } from "./lead-inbox.server";
import { recordWhatsappClick, resetWhatsappClickBudget } from "./whatsapp.server";

beforeEach(async () => {
  await clearData();
  resetWhatsappClickBudget();
});

/** One lead of every kind, stored the way the site stores them; returns their ids. */
async function oneOfEach() {
  const carId = await makeCar({ make: "Kia", model: "Rio", year: 2019 });
  const inspection = await createInspection(
    getDb(),
    InspectionSchema.parse({ ...validInspection(), name: "Adéolá Bello", other_info: "=cmd|' /C calc'!A0" }),
  );
  const contact = await createContactMessage(getDb(), ContactSchema.parse(validContact()));
  await subscribeToNewsletter(visitorActor("127.0.0.1"), { name: "Émeka Obi", email: "emeka@example.com" }, "/");
  const loan = await createLoanApplication(getDb(), {
    ...LoanApplicationSchema.parse(validLoanApplication()),
    car_id: carId,
  });
  const client = await createClientInfo(
    getDb(),
    ClientInfoSchema.parse({ ...validClientInfo(), loan_application: loan.reference }),
  );
  expect(client.loan_application_id).toBe(loan.id);
  const orphan = await createClientInfo(getDb(), ClientInfoSchema.parse({ ...validClientInfo(), name: "Solo Client" }));
  const click = await recordWhatsappClick({ carId, from: "/cars/1?x=1", address: "10.0.0.1" });
  expect(click.counted).toBe(true);
  return { carId, inspection, contact, loan, orphanId: orphan.id };
}

describe("the leads registry", () => {
  it("holds every lead of every kind, stored in the same transaction by the lead tables' triggers", async () => {
    const ids = await oneOfEach();
    const { leads, total } = await pageLeads({}, 1, 25);
    expect(total).toBe(6);
    const byKind = Object.fromEntries(leads.map((l) => [`${l.kind}/${l.id}`, l]));
    expect(byKind[`inspection/${ids.inspection.id}`]).toMatchObject({
      status: "new",
      name: "Adéolá Bello",
      phone: "+2348035550142",
      email: "chinedu@example.com",
      car_id: null,
      summary: expect.stringMatching(/^Toyota Camry, inspection on \d{4}-\d{2}-\d{2}$/),
      note: null,
      updated_by: null,
    });
    expect(byKind[`contact/${ids.contact.id}`]).toMatchObject({
      name: "Aisha Bello",
      summary: "Is the 2020 Lexus RX still available?",
    });
    expect(leads.find((l) => l.kind === "newsletter")).toMatchObject({ name: "Émeka Obi", phone: null });
    // The loan lead is its application, completed by its client information.
    expect(byKind[`loan/${ids.loan.id}`]).toMatchObject({
      name: "Tunde Adeyemi",
      phone: "+2349095550113",
      car_id: ids.carId,
      summary: "Loan for Toyota Camry 2020 Black: ₦15,000,000 over 3 months",
    });
    // Client information sent alone is a loan lead of its own, with the negative of its id.
    expect(byKind[`loan/${-ids.orphanId}`]).toMatchObject({ name: "Solo Client" });
    expect(leads.find((l) => l.kind === "whatsapp")).toMatchObject({
      name: null,
      phone: null,
      email: null,
      car_id: ids.carId,
      summary: "WhatsApp chat about the Kia Rio 2019 from /cars/1",
    });
  });

  it("lists newest first and filters by kind, status, car, dates and free text", async () => {
    const ids = await oneOfEach();
    const { leads } = await pageLeads({}, 1, 25);
    const times = leads.map((l) => l.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await pageLeads({ kind: "loan" }, 1, 25)).total).toBe(2);
    expect((await pageLeads({ car: ids.carId }, 1, 25)).leads.map((l) => l.kind).sort()).toEqual(["loan", "whatsapp"]);
    await updateLead(getDb(), "contact", ids.contact.id, { status: "won" }, "boss");
    expect((await pageLeads({ status: "won" }, 1, 25)).leads.map((l) => l.kind)).toEqual(["contact"]);
    expect(await countLeads({ status: "new" })).toBe(5);

    const search = async (q: string) => (await pageLeads({ q }, 1, 25)).leads.map((l) => `${l.kind}:${l.name}`);
    expect(await search("adeola")).toEqual(["inspection:Adéolá Bello"]); // accents ignored
    expect(await search("0803 555 0142")).toEqual(["inspection:Adéolá Bello"]); // phone as typed locally
    expect(await search("+234 803 555")).toEqual(["inspection:Adéolá Bello"]);
    expect(await search("aisha@example.com")).toEqual(["contact:Aisha Bello"]);
    expect(await search("lexus still")).toEqual(["contact:Aisha Bello"]); // the message
    expect(await search("ikeja")).toEqual(expect.arrayContaining(["loan:Tunde Adeyemi", "loan:Solo Client"]));
    expect(await search("nobody-like-this")).toEqual([]);

    expect((await pageLeads({ from: "2000-01-01", to: "2000-12-31" }, 1, 25)).total).toBe(0);
    expect((await pageLeads({ from: "2000-01-01" }, 1, 25)).total).toBe(6);
    expect((await pageLeads({ to: "2000-01-01" }, 1, 25)).total).toBe(0);
  });

  it("reads a date range as Lagos days", async () => {
    const { contact } = await oneOfEach();
    // 23:30 UTC on 31 March is already 1 April in Lagos.
    await getDb()
      .updateTable("leads")
      .set({ created_at: "2026-03-31T23:30:00.000Z" })
      .where("kind", "=", "contact")
      .execute();
    expect((await pageLeads({ from: "2026-04-01", to: "2026-04-01" }, 1, 25)).leads.map((l) => l.id)).toEqual([
      contact.id,
    ]);
    expect((await pageLeads({ to: "2026-03-31" }, 1, 25)).total).toBe(0);
  });

  it("pages with the shared page size and gives the last page for a page past the end", async () => {
    await oneOfEach();
    const page2 = await pageLeads({}, 2, 4);
    expect(page2).toMatchObject({ page: 2, pageCount: 2, total: 6 });
    expect(page2.leads).toHaveLength(2);
    expect((await pageLeads({}, 9, 4)).page).toBe(2);
    expect((await pageLeads({}, 9, 4, { clamp: false })).leads).toEqual([]);
  });

  it("hands every matching lead to an export a batch at a time, newest first", async () => {
    await oneOfEach();
    const batches: number[] = [];
    const seen: string[] = [];
    for await (const batch of leadBatches({}, 4)) {
      batches.push(batch.length);
      seen.push(...batch.map((l) => `${l.kind}/${l.id}`));
    }
    expect(batches).toEqual([4, 2]);
    expect(seen).toEqual((await pageLeads({}, 1, 25)).leads.map((l) => `${l.kind}/${l.id}`));
  });

  it("exports a reservation with its deposit, reference, status and hold end; other kinds without", async () => {
    await oneOfEach();
    const carId = await makeCar({ make: "Lexus", model: "RX", year: 2021 });
    await getDb().deleteFrom("reservations").execute();
    const at = "2026-03-01T10:00:00.000Z";
    await getDb()
      .insertInto("reservations")
      .values({
        reference: "LPA-export1",
        car_id: carId,
        car_label: "Lexus RX 2021",
        name: "Ada",
        email: "ada@example.com",
        phone: "+2348035550142",
        amount: 150_000,
        status: "paid",
        hold_until: "2026-03-04T10:00:00.000Z",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const exported = [];
    for await (const batch of leadBatches({})) exported.push(...batch);
    const reservation = exported.find((l) => l.kind === "reservation");
    expect(reservation?.reservation).toEqual({
      amount: 150_000,
      reference: "LPA-export1",
      status: "paid",
      hold_until: "2026-03-04T10:00:00.000Z",
    });
    expect(exported.filter((l) => l.reservation !== null)).toHaveLength(1);
    expect(exported).toHaveLength(7);
  });

  it("removes a lead with the row it came from", async () => {
    const { contact } = await oneOfEach();
    await getDb().deleteFrom("contact_messages").where("id", "=", contact.id).execute();
    expect(await getLead("contact", contact.id)).toBeNull();
    expect((await pageLeads({ q: "aisha" }, 1, 25)).total).toBe(0); // and from the search index
  });
});

describe("a lead's page", () => {
  it("shows everything the buyer sent, and the car", async () => {
    const ids = await oneOfEach();
    expect(await getLead("inspection", ids.inspection.id)).toMatchObject({
      fields: {
        name: "Adéolá Bello",
        car_make: "Toyota",
        car_model: "Camry",
        inspection_date: ids.inspection.inspection_date,
        other_info: "=cmd|' /C calc'!A0",
      },
      client: null,
      car: null,
    });
    const loan = await getLead("loan", ids.loan.id);
    // The calculator's "Loan Amount" is the car's price: the lead shows what is financed.
    expect(loan?.fields).toEqual({
      car_name: "Toyota Camry 2020 Black",
      car_price: 25_000_000,
      initial_deposit: 10_000_000,
      amount_financed: 15_000_000,
      loan_period: "3 months",
      monthly_repayment: 5_000_000,
    });
    expect(loan).toMatchObject({
      client: { name: "Tunde Adeyemi", employment_status: "Business Owner", referral: "Instagram" },
      car: {
        id: ids.carId,
        title: "Kia Rio 2019",
        exists: true,
        sold: false,
        url: `http://shop.ng/cars/${ids.carId}-kia-rio-2019`,
      },
    });
    expect(await getLead("loan", -ids.orphanId)).toMatchObject({ fields: {}, client: { name: "Solo Client" } });
    const click = (await pageLeads({ kind: "whatsapp" }, 1, 1)).leads[0];
    await getDb().deleteFrom("cars").where("id", "=", ids.carId).execute();
    expect(await getLead("whatsapp", click.id)).toMatchObject({
      fields: { car_label: "Kia Rio 2019", from_path: "/cars/1" },
      car: { id: ids.carId, title: "Kia Rio 2019", exists: false, url: null },
    });
    expect(await getLead("contact", 999_999)).toBeNull();
  });
});

describe("a booking or a message sent from a car's page", () => {
  it("keeps the car: the registry, the list, the export and the lead's page name it and link to it", async () => {
    const carId = await makeCar({ make: "Lexus", model: "RX 350", year: 2021 });
    const booking = await createInspection(
      getDb(),
      InspectionSchema.parse({ ...validInspection(), car_id: String(carId) }),
    );
    const message = await createContactMessage(getDb(), ContactSchema.parse({ ...validContact(), car_id: carId }));
    expect([booking.car_id, message.car_id]).toEqual([carId, carId]);
    const car = {
      id: carId,
      title: "Lexus RX 350 2021",
      exists: true,
      sold: false,
      url: `http://shop.ng/cars/${carId}-lexus-rx-350-2021`,
    };
    const { leads } = await pageLeads({ car: carId }, 1, 25);
    expect(leads.map((l) => [l.kind, l.car_id, l.car])).toEqual([
      ["contact", carId, car],
      ["inspection", carId, car],
    ]);
    const exported = [];
    for await (const batch of leadBatches({ car: carId })) exported.push(...batch);
    expect(exported.map((l) => l.car)).toEqual([car, car]);
    expect((await getLead("inspection", booking.id))?.car).toEqual(car);
    // A message's search finds the car's name.
    expect((await pageLeads({ q: "lexus 2021" }, 1, 25)).leads.map((l) => l.kind)).toEqual(["contact"]);

    await getDb().updateTable("cars").set({ sold: 1 }).where("id", "=", carId).execute();
    expect((await getLead("contact", message.id))?.car).toMatchObject({ sold: true, exists: true });
    // Deleted since: the booking keeps the make and model the buyer sent.
    await getDb().deleteFrom("cars").where("id", "=", carId).execute();
    expect((await getLead("inspection", booking.id))?.car).toEqual({
      id: carId,
      title: "Toyota Camry",
      exists: false,
      sold: false,
      url: null,
    });
    expect((await getLead("contact", message.id))?.car).toMatchObject({ title: `Car ${carId}`, url: null });
  });

  it("is one booking when sent twice, and another booking for another car", async () => {
    const one = await makeCar({ make: "Toyota", model: "Camry", year: 2019 });
    const two = await makeCar({ make: "Toyota", model: "Camry", year: 2021 });
    const input = InspectionSchema.parse({ ...validInspection(), car_id: one });
    const first = await createInspection(getDb(), input);
    expect((await createInspection(getDb(), input)).id).toBe(first.id);
    expect((await createInspection(getDb(), { ...input, car_id: two })).id).not.toBe(first.id);
    expect((await createInspection(getDb(), { ...input, car_id: undefined })).id).not.toBe(first.id);
    const note = ContactSchema.parse({ ...validContact(), car_id: one });
    const sent = await createContactMessage(getDb(), note);
    expect((await createContactMessage(getDb(), note)).id).toBe(sent.id);
    expect((await createContactMessage(getDb(), { ...note, car_id: two })).id).not.toBe(sent.id);
    expect((await pageLeads({ kind: "inspection" }, 1, 25)).total).toBe(3);
  });
});

describe("what the figures count", () => {
  it("sorts leads into those to answer, the signals counted apart, and incomplete loan applications", async () => {
    const ids = await oneOfEach();
    const abandoned = await createLoanApplication(getDb(), { ...LoanApplicationSchema.parse(validLoanApplication()) });
    const kinds = async (category: "lead" | "signal" | "incomplete") =>
      (await pageLeads({ category }, 1, 25)).leads.map((l) => `${l.kind}/${l.id}`).sort();
    expect(await kinds("lead")).toEqual(
      [
        `inspection/${ids.inspection.id}`,
        `contact/${ids.contact.id}`,
        `loan/${ids.loan.id}`,
        `loan/${-ids.orphanId}`,
      ].sort(),
    );
    expect((await kinds("signal")).map((k) => k.split("/")[0]).sort()).toEqual(["newsletter", "whatsapp"]);
    expect(await kinds("incomplete")).toEqual([`loan/${abandoned.id}`]);
    expect(await getLead("loan", abandoned.id)).toMatchObject({ category: "incomplete", name: null });
    // "New leads": people to answer, nothing else.
    expect(await countLeads({ category: "lead", status: "new" })).toBe(4);
    expect(await countLeads({ status: "new" })).toBe(7);

    // The client information arrives: the application becomes a lead at once.
    const client = await createClientInfo(
      getDb(),
      ClientInfoSchema.parse({ ...validClientInfo(), name: "Late Client", loan_application: abandoned.reference }),
    );
    expect(client.loan_application_id).toBe(abandoned.id);
    expect(await getLead("loan", abandoned.id)).toMatchObject({ category: "lead", name: "Late Client" });
    expect(await countLeads({ category: "lead", status: "new" })).toBe(5);
    expect(await countLeads({ category: "incomplete" })).toBe(0);
  });

  it("changes status and note, recording who and when; nothing changes when nothing differs", async () => {
    const { contact } = await oneOfEach();
    const first = await updateLead(
      getDb(),
      "contact",
      contact.id,
      { status: "contacted", note: "Called back" },
      "boss",
    );
    expect(first).toMatchObject({
      changed: ["status", "note"],
      before: { status: "new", note: null },
      lead: { status: "contacted", note: "Called back", updated_by: "boss", updated_at: expect.any(String) },
    });
    const again = await updateLead(getDb(), "contact", contact.id, { status: "contacted" }, "other");
    expect(again?.changed).toEqual([]);
    expect(again?.lead.updated_by).toBe("boss");
    const cleared = await updateLead(getDb(), "contact", contact.id, { note: null }, "other");
    expect(cleared).toMatchObject({
      changed: ["note"],
      lead: { status: "contacted", note: null, updated_by: "other" },
    });
    expect(await updateLead(getDb(), "contact", 999_999, { status: "won" }, "boss")).toBeNull();
  });
});

describe("the free-text search expression", () => {
  it("makes every word a prefix, and a phone number one run of digits", () => {
    expect(leadSearchMatch("ade bello")).toBe('"ade"* AND "bello"*');
    expect(leadSearchMatch("0803-555 0142")).toBe('"08035550142"*');
    expect(leadSearchMatch("+234 (803) 555")).toBe('"234803555"*');
    expect(leadSearchMatch('"; DROP')).toBe('"DROP"*');
    expect(leadSearchMatch("  ")).toBeNull();
    expect(leadSearchMatch("%%")).toBeNull();
  });
});
