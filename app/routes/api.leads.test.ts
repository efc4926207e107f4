import { beforeEach, describe, expect, it } from "vitest";
import { addDays, lagosToday } from "~/lib/lead-schemas";
import { getDb } from "../../db/database.server";
import { clearData } from "../../tests/helpers/db";
import {
  countRows,
  formRequest,
  jsonRequest,
  openDayAfter,
  openDayFrom,
  validClientInfo,
  validContact,
  validInspection,
  validLoanApplication,
  without,
} from "../../tests/helpers/leads";
import { loadContext } from "../../tests/helpers/load-context";
import { action as clientInfoAction, loader as clientInfoLoader } from "./api.client-info";
import { action as contactAction } from "./api.contact";
import { action as inspectionsAction } from "./api.inspections";
import { action as loansAction } from "./api.loan-applications";

beforeEach(clearData);

type Action = (args: { request: Request; params: object; context: object }) => Promise<Response>;
const call = (action: unknown, request: Request) => (action as Action)({ request, params: {}, context: loadContext() });

async function refused(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(typeof body.error).toBe("string");
  expect(body.fields[field], `message for ${field}`).toEqual(expect.any(String));
  return body;
}

describe("POST /api/inspections", () => {
  const url = "/api/inspections";
  const required = ["name", "phone", "email", "car_make", "car_model", "inspection_date"] as const;

  it("stores a valid booking once (JSON) with a normalised phone and created_at", async () => {
    const res = await call(inspectionsAction, jsonRequest(url, validInspection()));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      name: "Chinedu Okafor",
      phone: "+2348035550142",
      email: "chinedu@example.com",
      car_make: "Toyota",
      other_info: "Saturday morning please",
    });
    expect(body.id).toEqual(expect.any(Number));
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(await countRows("inspections")).toBe(1);
  });

  it("stores a double submit (the same booking twice in a row) once and answers both with that row", async () => {
    const [a, b] = await Promise.all([
      call(inspectionsAction, jsonRequest(url, validInspection())),
      call(inspectionsAction, jsonRequest(url, validInspection())),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const first = (await a.json()).id;
    expect((await b.json()).id).toBe(first);
    // Same person (by phone or email), same car, same date within 10 minutes: the same lead, even
    // with other notes or another spelling of the name.
    const again = { ...validInspection(), other_info: "", name: "Someone Typing Again" };
    const c = await (await call(inspectionsAction, formRequest(url, again))).json();
    expect(c.id).toBe(first);
    // A different booking is a new lead.
    expect(
      (
        await call(
          inspectionsAction,
          jsonRequest(url, { ...validInspection(), inspection_date: openDayAfter(validInspection().inspection_date) }),
        )
      ).status,
    ).toBe(201);
    expect(await countRows("inspections")).toBe(2);
  });

  it("stores a form-encoded booking without other_info (optional, stored as null)", async () => {
    const res = await call(inspectionsAction, formRequest(url, { ...validInspection(), other_info: "" }));
    expect(res.status).toBe(201);
    expect((await res.json()).other_info).toBeNull();
    expect(await countRows("inspections")).toBe(1);
  });

  it.each(required)("refuses a booking without %s and stores nothing", async (field) => {
    const body = await refused(
      await call(inspectionsAction, jsonRequest(url, without(validInspection(), field))),
      field,
    );
    expect(body.error).toBe("Error booking inspection");
    expect(await countRows("inspections")).toBe(0);
  });

  it("refuses blank text, wrong types, bad email/phone, past and far dates, over-long text", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "   " }, "name"],
      [{ name: 42 }, "name"],
      [{ car_make: ["Toyota"] }, "car_make"],
      [{ email: "not-an-email" }, "email"],
      [{ phone: "+44 20 7946 0958" }, "phone"],
      [{ phone: 8035550142 }, "phone"],
      [{ inspection_date: addDays(lagosToday(), -1) }, "inspection_date"],
      [{ inspection_date: "2026-02-30" }, "inspection_date"],
      [{ inspection_date: "next week" }, "inspection_date"],
      [{ inspection_date: addDays(lagosToday(), 400) }, "inspection_date"],
      [{ other_info: "x".repeat(1001) }, "other_info"],
      [{ car_model: "x".repeat(81) }, "car_model"],
    ];
    for (const [patch, field] of cases) {
      await refused(await call(inspectionsAction, jsonRequest(url, { ...validInspection(), ...patch })), field);
    }
    const past = await (
      await call(
        inspectionsAction,
        jsonRequest(url, { ...validInspection(), inspection_date: addDays(lagosToday(), -1) }),
      )
    ).json();
    expect(past.fields.inspection_date).toMatch(/past/);
    expect(await countRows("inspections")).toBe(0);
  });

  it("accepts today in Lagos", async () => {
    const res = await call(
      inspectionsAction,
      jsonRequest(url, { ...validInspection(), inspection_date: openDayFrom(0) }),
    );
    expect(res.status).toBe(201);
  });

  it("answers malformed JSON with 400, other bodies with 415, other methods with 405", async () => {
    expect((await call(inspectionsAction, jsonRequest(url, "{not json"))).status).toBe(400);
    const text = new Request(`http://localhost${url}`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hi",
    });
    const res = await call(inspectionsAction, text);
    expect(res.status).toBe(415);
    expect((await res.json()).error).toEqual(expect.any(String));
    expect((await call(inspectionsAction, jsonRequest(url, validInspection(), "PUT"))).status).toBe(405);
    expect(await countRows("inspections")).toBe(0);
  });
});

describe("POST /api/contact", () => {
  const url = "/api/contact";

  it("stores a valid message once, JSON or form", async () => {
    const res = await call(contactAction, jsonRequest(url, validContact()));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      ...validContact(),
      phone: "+2348125550178",
      id: expect.any(Number),
      created_at: expect.any(String),
    });
    expect(await countRows("contact_messages")).toBe(1);
    expect((await call(contactAction, formRequest(url, { ...validContact(), message: "And the Camry?" }))).status).toBe(
      201,
    );
    expect(await countRows("contact_messages")).toBe(2);
  });

  it("stores a double submit (the same message twice in a row) once and answers both with that row", async () => {
    const [a, b] = await Promise.all([
      call(contactAction, jsonRequest(url, validContact())),
      call(contactAction, formRequest(url, validContact())),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await a.json()).id).toBe((await b.json()).id);
    expect(await countRows("contact_messages")).toBe(1);
  });

  it.each(["name", "phone", "email", "message"] as const)("refuses a message without %s", async (field) => {
    const body = await refused(await call(contactAction, jsonRequest(url, without(validContact(), field))), field);
    expect(body.error).toBe("Error sending message");
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("refuses wrong types and over-long messages", async () => {
    await refused(
      await call(contactAction, jsonRequest(url, { ...validContact(), message: { text: "hi" } })),
      "message",
    );
    await refused(
      await call(contactAction, jsonRequest(url, { ...validContact(), message: "x".repeat(2001) })),
      "message",
    );
    await refused(await call(contactAction, jsonRequest(url, { ...validContact(), email: true })), "email");
    expect(await countRows("contact_messages")).toBe(0);
  });
});

describe("POST /api/loan-applications", () => {
  const url = "/api/loan-applications";

  it("stores a consistent application once, JSON or form", async () => {
    const res = await call(loansAction, jsonRequest(url, validLoanApplication()));
    expect(res.status).toBe(201);
    const first = await res.json();
    expect(first).toMatchObject({
      ...validLoanApplication(),
      car_id: null,
      reference: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(first).not.toHaveProperty("id"); // the sequential id never leaves the server
    const form = await call(
      loansAction,
      formRequest(url, { ...validLoanApplication(), loan_period: "12 months", monthly_repayment: "1250000" }),
    );
    expect(form.status).toBe(201);
    expect((await form.json()).reference).not.toBe(first.reference);
    expect(await countRows("loan_applications")).toBe(2);
  });

  it("accepts a monthly repayment rounded to the kobo", async () => {
    const res = await call(
      loansAction,
      jsonRequest(url, {
        car_name: "Kia Rio 2019",
        loan_amount: 1_000_000,
        initial_deposit: 450_000,
        loan_period: "6 months",
        monthly_repayment: 91_666.67,
      }),
    );
    expect(res.status).toBe(201);
  });

  it("stores the figures to the kobo (2 decimals), however many decimals were sent", async () => {
    const res = await call(
      loansAction,
      jsonRequest(url, {
        car_name: "Kia Rio 2019",
        loan_amount: 1_000_000.004,
        initial_deposit: 450_000.001,
        loan_period: "6 months",
        monthly_repayment: 550_000 / 6,
      }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      loan_amount: 1_000_000,
      initial_deposit: 450_000,
      monthly_repayment: 91_666.67,
    });
  });

  it("refuses an application without loan_period with that one message, not a garbled calculation", async () => {
    const body = await refused(
      await call(loansAction, jsonRequest(url, without(validLoanApplication(), "loan_period"))),
      "loan_period",
    );
    expect(body.fields).toEqual({ loan_period: "Loan period is required" });
  });

  it.each(["car_name", "loan_amount", "initial_deposit", "loan_period", "monthly_repayment"] as const)(
    "refuses an application without %s",
    async (field) => {
      await refused(await call(loansAction, jsonRequest(url, without(validLoanApplication(), field))), field);
      expect(await countRows("loan_applications")).toBe(0);
    },
  );

  it("refuses wrong types, periods outside the list and numbers that break the calculator's rules", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ loan_amount: "lots" }, "loan_amount"],
      [{ loan_amount: -5 }, "loan_amount"],
      [{ loan_amount: 0, initial_deposit: 0, monthly_repayment: 0 }, "loan_amount"],
      [{ initial_deposit: true }, "initial_deposit"],
      [{ loan_period: "4 months" }, "loan_period"],
      [{ loan_period: 3 }, "loan_period"],
      [{ initial_deposit: 5_000_000, monthly_repayment: 6_666_666.67 }, "initial_deposit"],
      [{ initial_deposit: 24_000_000, monthly_repayment: 333_333.33 }, "initial_deposit"],
      [{ monthly_repayment: 4_999_999 }, "monthly_repayment"],
      [{ car_name: "x".repeat(201) }, "car_name"],
    ];
    for (const [patch, field] of cases) {
      await refused(await call(loansAction, jsonRequest(url, { ...validLoanApplication(), ...patch })), field);
    }
    expect(await countRows("loan_applications")).toBe(0);
  });
});

describe("POST /api/client-info", () => {
  const url = "/api/client-info";
  const required = [
    "name",
    "email",
    "phone",
    "age_bracket",
    "income_range",
    "client_location",
    "client_id",
    "bvn_available",
    "deposit_available",
    "employment_status",
  ] as const;
  const options = [
    "age_bracket",
    "income_range",
    "client_id",
    "bvn_available",
    "deposit_available",
    "employment_status",
  ] as const;

  it("stores valid client information once, with and without a loan application", async () => {
    const res = await call(clientInfoAction, jsonRequest(url, validClientInfo()));
    expect(res.status).toBe(201);
    const alone = await res.json();
    expect(alone).toMatchObject({ ...validClientInfo(), phone: "+2349095550113", loan_application: null });
    expect(alone).not.toHaveProperty("id");
    expect(alone).not.toHaveProperty("loan_application_id");
    const loan = await (await call(loansAction, jsonRequest("/api/loan-applications", validLoanApplication()))).json();
    const linked = await call(
      clientInfoAction,
      formRequest(url, { ...validClientInfo(), referral: "", loan_application: loan.reference }),
    );
    expect(linked.status).toBe(201);
    const body = await linked.json();
    expect(body).toMatchObject({ loan_application: loan.reference, referral: null });
    expect(Object.keys(body).filter((k) => /(^|_)id$/.test(k) && k !== "client_id")).toEqual([]);
    const [row] = await getDb()
      .selectFrom("client_infos")
      .innerJoin("loan_applications", "loan_applications.id", "client_infos.loan_application_id")
      .select("loan_applications.reference")
      .where("client_infos.name", "=", body.name)
      .where("client_infos.referral", "is", null)
      .execute();
    expect(row.reference).toBe(loan.reference);
    expect(await countRows("client_infos")).toBe(2);
  });

  it.each(required)("refuses client information without %s", async (field) => {
    const body = await refused(
      await call(clientInfoAction, jsonRequest(url, without(validClientInfo(), field))),
      field,
    );
    expect(body.error).toBe("Failed to submit application");
    expect(await countRows("client_infos")).toBe(0);
  });

  it.each(options)("refuses a %s outside its option list", async (field) => {
    await refused(await call(clientInfoAction, jsonRequest(url, { ...validClientInfo(), [field]: "Maybe" })), field);
    await refused(await call(clientInfoAction, jsonRequest(url, { ...validClientInfo(), [field]: 1 })), field);
    expect(await countRows("client_infos")).toBe(0);
  });

  it("refuses an unknown, malformed or already-used loan application reference", async () => {
    await refused(
      await call(clientInfoAction, jsonRequest(url, { ...validClientInfo(), loan_application: "0".repeat(32) })),
      "loan_application",
    );
    await refused(
      await call(clientInfoAction, jsonRequest(url, { ...validClientInfo(), loan_application: "abc" })),
      "loan_application",
    );
    await refused(
      await call(clientInfoAction, jsonRequest(url, { ...validClientInfo(), loan_application: 1 })),
      "loan_application",
    );
    const loan = await (await call(loansAction, jsonRequest("/api/loan-applications", validLoanApplication()))).json();
    expect(
      (await call(clientInfoAction, jsonRequest(url, { ...validClientInfo(), loan_application: loan.reference })))
        .status,
    ).toBe(201);
    // The same details again are the same lead (a success); someone else's are refused.
    const other = { ...validClientInfo(), email: "someone.else@example.com", phone: "08031234567" };
    await refused(
      await call(clientInfoAction, jsonRequest(url, { ...other, loan_application: loan.reference })),
      "loan_application",
    );
    expect(await countRows("client_infos")).toBe(1);
  });

  it("no longer accepts a raw loan_application_id, so nobody can claim another buyer's loan by counting", async () => {
    const loan = await (await call(loansAction, jsonRequest("/api/loan-applications", validLoanApplication()))).json();
    const [{ id: loanId }] = await getDb()
      .selectFrom("loan_applications")
      .select("id")
      .where("reference", "=", loan.reference)
      .execute();
    for (const id of [loanId, String(loanId), 999, ""]) {
      const body = await refused(
        await call(clientInfoAction, jsonRequest(url, { ...validClientInfo(), loan_application_id: id })),
        "loan_application_id",
      );
      expect(body.fields.loan_application_id).toMatch(/ids are not accepted/);
    }
    expect(await countRows("client_infos")).toBe(0);
    // The buyer holding the reference is not blocked.
    expect(
      (await call(clientInfoAction, jsonRequest(url, { ...validClientInfo(), loan_application: loan.reference })))
        .status,
    ).toBe(201);
  });

  it("answers GET with 405", async () => {
    expect(clientInfoLoader().status).toBe(405);
  });
});
