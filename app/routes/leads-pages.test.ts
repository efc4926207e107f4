import { beforeEach, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, STAMP_FIELD } from "~/lib/bot-trap";
import { addDays, lagosToday } from "~/lib/lead-schemas";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import {
  countRows,
  formRequest,
  leadFormRequest,
  validClientInfo,
  validContact,
  validInspection,
  without,
} from "../../tests/helpers/leads";
import { loadContext } from "../../tests/helpers/load-context";
import { action as inspectionAction, loader as inspectionLoader } from "./book-inspection";
import { action as connectAction } from "./connect";
import { loader as financingLoader } from "./financing";
import { action as applyAction, loader as calculatorLoader } from "./financing.$id";
import { loader as applicationLoader, action as clientAction } from "./loan-application";

beforeEach(clearData);

type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const run = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  (fn as Fn)({ request, params, context: loadContext() });
const get = (url: string) => new Request(`http://localhost${url}`);

/** A page action's answer as { status, body }: plain data (200), data() with a status, or a Response. */
async function answer(result: unknown): Promise<{ status: number; body: any; location?: string | null }> {
  if (result instanceof Response)
    return { status: result.status, body: null, location: result.headers.get("location") };
  const r = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (r && r.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, body: r.data };
  return { status: 200, body: result };
}

describe("lead forms against scripts and shared addresses", () => {
  const runWith = (fn: unknown, request: Request, context: object = {}) => (fn as Fn)({ request, params: {}, context });

  it("re-renders a post over budget with what was typed and 'Please wait N seconds and send again.'", async () => {
    const { status, body } = await answer(
      await runWith(connectAction, await leadFormRequest("/connect", validContact()), { leadRetryAfter: 42 }),
    );
    expect(status).toBe(429);
    expect(body).toEqual({
      ok: false,
      error: "Please wait 42 seconds and send again.",
      fieldErrors: {},
      values: validContact(),
    });
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("asks a form sent faster than a person can fill it to be sent again, keeping it", async () => {
    const { status, body } = await answer(
      await runWith(inspectionAction, await leadFormRequest("/book-inspection", validInspection(), 300)),
    );
    expect(status).toBe(429);
    expect(body.error).toBe("Please wait 2 seconds and send again.");
    expect(body.values).toEqual(validInspection());
    expect(await countRows("inspections")).toBe(0);
  });

  it("refuses a filled honeypot, and a missing or forged stamp, storing nothing", async () => {
    const trapped = await leadFormRequest("/connect", { ...validContact(), [HONEYPOT_FIELD]: "https://spam.example" });
    expect((await answer(await runWith(connectAction, trapped))).status).toBe(400);
    expect((await answer(await runWith(connectAction, formRequest("/connect", validContact())))).status).toBe(400);
    const forged = formRequest("/connect", {
      ...validContact(),
      [STAMP_FIELD]: `${Date.now() - 60_000}.forged-signature-xxxxx`,
    });
    expect((await answer(await runWith(connectAction, forged))).status).toBe(400);
    expect(await countRows("contact_messages")).toBe(0);
    expect((await answer(await runWith(connectAction, await leadFormRequest("/connect", validContact())))).status).toBe(
      200,
    );
  });

  it("asks Apply for Loan to wait when the address is over its budget", async () => {
    const id = await makeCar({ financing: true });
    const res = await answer(
      await (applyAction as Fn)({
        request: formRequest(`/financing/${id}`, { percent: 50, months: 6 }),
        params: { id: String(id) },
        context: loadContext({ leadRetryAfter: 9 }),
      }),
    );
    expect(res).toMatchObject({ status: 429, body: { error: "Please wait 9 seconds and send again." } });
    expect(await countRows("loan_applications")).toBe(0);
  });
});

describe("/book-inspection", () => {
  it("prefills make and model from the query string and offers dates from today in Lagos", async () => {
    const data = (await run(inspectionLoader, get("/book-inspection?make=Lexus&model=RX%20350"))) as any;
    expect(data.prefill).toEqual({ car_make: "Lexus", car_model: "RX 350" });
    expect(data.today).toBe(lagosToday());
  });

  it("stores a valid booking once and answers success", async () => {
    const { status, body } = await answer(
      await run(inspectionAction, await leadFormRequest("/book-inspection", validInspection())),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      id: expect.any(Number),
      detail: expect.stringMatching(
        /^We have you down to see the Toyota Camry on \w+ \d+ \w+ \d{4}\. We confirm by phone/,
      ),
    });
    const rows = await getDb().selectFrom("inspections").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: "+2348035550142", email: "chinedu@example.com", car_model: "Camry" });
    expect(rows[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it.each(["name", "phone", "email", "car_make", "car_model", "inspection_date"] as const)(
    "refuses a booking without %s with 400, the failure text and the typed values",
    async (field) => {
      const { status, body } = await answer(
        await run(
          inspectionAction,
          await leadFormRequest("/book-inspection", without(validInspection(), field) as Record<string, string>),
        ),
      );
      expect(status).toBe(400);
      expect(body.error).toBe("Error booking inspection");
      expect(body.fieldErrors[field]).toEqual(expect.any(String));
      expect(body.values.name ?? "").toBe(field === "name" ? "" : "Chinedu Okafor");
      expect(await countRows("inspections")).toBe(0);
    },
  );

  it("refuses a date in the past with a clear message", async () => {
    const { status, body } = await answer(
      await run(
        inspectionAction,
        await leadFormRequest("/book-inspection", { ...validInspection(), inspection_date: addDays(lagosToday(), -3) }),
      ),
    );
    expect(status).toBe(400);
    expect(body.fieldErrors.inspection_date).toMatch(/cannot be in the past/);
    expect(await countRows("inspections")).toBe(0);
  });
});

describe("/connect", () => {
  it("stores a valid message once", async () => {
    const { body } = await answer(await run(connectAction, await leadFormRequest("/connect", validContact())));
    expect(body.ok).toBe(true);
    expect(await countRows("contact_messages")).toBe(1);
  });

  it.each(["name", "phone", "email", "message"] as const)("refuses a message without %s", async (field) => {
    const { status, body } = await answer(
      await run(
        connectAction,
        await leadFormRequest("/connect", without(validContact(), field) as Record<string, string>),
      ),
    );
    expect(status).toBe(400);
    expect(body.error).toBe("Error sending message");
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("refuses a malformed email and a foreign phone, keeping what was typed", async () => {
    const { status, body } = await answer(
      await run(
        connectAction,
        await leadFormRequest("/connect", { ...validContact(), email: "aisha@", phone: "+1 415 555 0100" }),
      ),
    );
    expect(status).toBe(400);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["email", "phone"]);
    expect(body.values).toMatchObject({ email: "aisha@", phone: "+1 415 555 0100", message: validContact().message });
  });
});

describe("/financing and its calculator", () => {
  it("lists only unsold financing cars and shows the success message after an application", async () => {
    const financed = await makeCar({ financing: true, make: "Lexus", model: "RX 350" });
    await makeCar({ financing: false });
    await makeCar({ financing: true, sold: true });
    const plain = (await answer(await run(financingLoader, get("/financing")))).body;
    expect(plain.cars.map((c: { id: number }) => c.id)).toEqual([financed]);
    expect(plain.submitted).toBe(false);
    // The success message comes from a one-time cookie, not the URL: a reload or a shared link never repeats it.
    expect((await answer(await run(financingLoader, get("/financing?submitted=1")))).body.submitted).toBe(false);
  });

  it("shows 'Application submitted successfully!' once after the client information, not again on reload", async () => {
    const carId = await makeCar({ financing: true, price: 25_000_000 });
    const applied = await answer(
      await run(applyAction, formRequest(`/financing/${carId}`, { percent: "40", months: "3" }), { id: String(carId) }),
    );
    const reference = new URL(applied.location!, "http://x").searchParams.get("application")!;
    const sent = (await run(
      clientAction,
      await leadFormRequest("/loan-application", { ...validClientInfo(), loan_application: reference }),
    )) as Response;
    expect(sent.headers.get("location")).toBe("/financing");
    const flash = sent.headers.get("set-cookie")!;
    expect(flash).toMatch(/HttpOnly/i);
    const cookie = flash.split(";")[0];

    const first = (await run(
      financingLoader,
      new Request("http://localhost/financing", { headers: { cookie } }),
    )) as any;
    expect(first.data.submitted).toBe(true);
    // It says what was sent and what happens next.
    expect(first.data.detail).toBe(
      "Your application for the Toyota Camry 2020 Black is with our finance team: ₦15,000,000 financed after a " +
        "₦10,000,000 deposit, ₦5,000,000 a month over 3 months. We call you on +234 909 555 0113 within one " +
        "working day to go through the next steps.",
    );
    const cleared = new Headers(first.init.headers).get("set-cookie")!;
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // The browser drops the cookie; the reload shows the plain list.
    expect((await answer(await run(financingLoader, get("/financing")))).body.submitted).toBe(false);
  });

  it("starts at 40 %, 3 months and a monthly repayment of 0; the no-JS Calculate computes on the server", async () => {
    const id = await makeCar({ financing: true, price: 25_000_000 });
    const start = (await run(calculatorLoader, get(`/financing/${id}`), { id: String(id) })) as any;
    expect(start).toMatchObject({ percent: 40, months: 3, monthly: 0, car: { price: 25_000_000 } });
    const calc = (await run(calculatorLoader, get(`/financing/${id}?percent=55&months=12&calculate=1`), {
      id: String(id),
    })) as any;
    expect(calc).toMatchObject({ percent: 55, months: 12, monthly: 937_500 });
    const bad = (await run(calculatorLoader, get(`/financing/${id}?percent=20&months=5&calculate=1`), {
      id: String(id),
    })) as any;
    expect(bad).toMatchObject({ percent: 40, months: 3, monthly: 0 });
  });

  it("answers 404 for unknown, sold and non-financing cars", async () => {
    const plain = await makeCar({ financing: false });
    const sold = await makeCar({ financing: true, sold: true });
    for (const id of [String(plain), String(sold), "999", "abc"]) {
      const thrown = await run(calculatorLoader, get(`/financing/${id}`), { id }).catch((e) => e);
      expect((thrown as Response).status).toBe(404);
    }
  });

  it("Apply for Loan recomputes from the stored price, stores once, redirects with the secret reference", async () => {
    const id = await makeCar({
      financing: true,
      price: 10_000_001,
      make: "Toyota",
      model: "Camry",
      year: 2020,
      color: "Black",
    });
    const res = await answer(
      await run(
        applyAction,
        formRequest(`/financing/${id}`, { percent: "40", months: "12", loan_amount: "1", monthly_repayment: "1" }),
        { id: String(id) },
      ),
    );
    expect(res.status).toBe(302);
    const rows = await getDb().selectFrom("loan_applications").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      car_id: id,
      car_name: "Toyota Camry 2020 Black",
      loan_amount: 10_000_001,
      initial_deposit: 4_000_000.4,
      loan_period: "12 months",
      monthly_repayment: 500_000.05,
    });
    expect(rows[0].reference).toMatch(/^[0-9a-f]{32}$/);
    expect(res.location).toBe(`/loan-application?application=${rows[0].reference}`);
  });

  it("Apply for Loan refuses a percentage or period off the lists, or a car not financed; stores nothing", async () => {
    const id = await makeCar({ financing: true });
    const notFinanced = await makeCar({ financing: false });
    const cases: Array<[Record<string, string>, number]> = [
      [{ percent: "39", months: "3" }, id],
      [{ percent: "91", months: "3" }, id],
      [{ percent: "forty", months: "3" }, id],
      [{ percent: "50", months: "4" }, id],
      [{ percent: "50" }, id],
      [{ percent: "50", months: "3" }, notFinanced],
    ];
    for (const [fields, carId] of cases) {
      const res = await answer(
        await run(applyAction, formRequest(`/financing/${carId}`, fields), { id: String(carId) }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(await countRows("loan_applications")).toBe(0);
  });
});

describe("/loan-application", () => {
  /** Applies for a loan as the calculator does; the reference from the redirect. */
  async function apply(): Promise<string> {
    const carId = await makeCar({ financing: true, price: 25_000_000 });
    const res = await answer(
      await run(applyAction, formRequest(`/financing/${carId}`, { percent: "40", months: "3" }), { id: String(carId) }),
    );
    return new URL(res.location!, "http://x").searchParams.get("application")!;
  }
  const idOf = async (reference: string) =>
    (
      await getDb()
        .selectFrom("loan_applications")
        .select("id")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow()
    ).id;

  it("shows the stored loan details, or none without an application", async () => {
    const ref = await apply();
    const data = (await run(applicationLoader, get(`/loan-application?application=${ref}`))) as any;
    expect(data.loan).toEqual({
      reference: ref,
      carName: "Toyota Camry 2020 Black",
      loanAmount: 25_000_000,
      initialDeposit: 10_000_000,
      loanPeriod: "3 months",
      monthlyRepayment: 5_000_000,
    });
    expect(data.alreadySubmitted).toBe(false);
    expect(((await run(applicationLoader, get("/loan-application"))) as any).loan).toBeNull();
    expect(((await run(applicationLoader, get("/loan-application?application=999"))) as any).loan).toBeNull();
  });

  it("shows no loan for a guessed id or a wrong reference", async () => {
    const ref = await apply();
    const id = await idOf(ref);
    const wrong = ref.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    for (const guess of [String(id), String(id + 1), wrong, `${ref}0`, "' or 1=1 --"]) {
      const data = (await run(
        applicationLoader,
        get(`/loan-application?application=${encodeURIComponent(guess)}`),
      )) as any;
      expect(data.loan, guess).toBeNull();
    }
  });

  it("stores the client information linked to its application and redirects to /financing", async () => {
    const ref = await apply();
    const appId = await idOf(ref);
    const res = await answer(
      await run(
        clientAction,
        await leadFormRequest("/loan-application", { ...validClientInfo(), loan_application: ref }),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/financing");
    const rows = await getDb().selectFrom("client_infos").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      loan_application_id: appId,
      phone: "+2349095550113",
      employment_status: "Business Owner",
    });
    // The same submission again (a double tap) is the same lead: a success, stored once.
    const again = await answer(
      await run(
        clientAction,
        await leadFormRequest("/loan-application", { ...validClientInfo(), loan_application: ref }),
      ),
    );
    expect(again.status).toBe(302);
    expect(await countRows("client_infos")).toBe(1);
    // Someone else's details for the same loan are refused.
    const other = { ...validClientInfo(), email: "someone.else@example.com", phone: "08031234567" };
    const refused = await answer(
      await run(clientAction, await leadFormRequest("/loan-application", { ...other, loan_application: ref })),
    );
    expect(refused.status).toBe(400);
    expect(await countRows("client_infos")).toBe(1);
  });

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
  it.each(required)("refuses client information without %s", async (field) => {
    const ref = await apply();
    const res = await answer(
      await run(
        clientAction,
        await leadFormRequest("/loan-application", {
          ...(without(validClientInfo(), field) as Record<string, string>),
          loan_application: ref,
        }),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Failed to submit application");
    expect(res.body.fieldErrors[field]).toEqual(expect.any(String));
    expect(await countRows("client_infos")).toBe(0);
  });

  it.each([
    "age_bracket",
    "income_range",
    "client_id",
    "bvn_available",
    "deposit_available",
    "employment_status",
  ] as const)("refuses a %s outside its option list", async (field) => {
    const ref = await apply();
    const res = await answer(
      await run(
        clientAction,
        await leadFormRequest("/loan-application", { ...validClientInfo(), [field]: "Other", loan_application: ref }),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toMatch(/must be one of/);
    expect(res.body.values[field]).toBe("Other");
    expect(await countRows("client_infos")).toBe(0);
  });

  it("refuses a form without a loan application", async () => {
    const res = await answer(await run(clientAction, await leadFormRequest("/loan-application", validClientInfo())));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.loan_application).toBe("Start from a car on the Financing page.");
    expect(await countRows("client_infos")).toBe(0);
  });

  it("refuses a raw id or a wrong reference, so nobody can block another buyer's application", async () => {
    const ref = await apply();
    const id = await idOf(ref);
    const byId = await answer(
      await run(
        clientAction,
        await leadFormRequest("/loan-application", { ...validClientInfo(), loan_application_id: id }),
      ),
    );
    expect(byId.status).toBe(400);
    expect(byId.body.fieldErrors.loan_application_id).toMatch(/ids are not accepted/);
    for (const wrong of [String(id), ref.replace(/.$/, (c) => (c === "0" ? "1" : "0"))]) {
      const res = await answer(
        await run(
          clientAction,
          await leadFormRequest("/loan-application", { ...validClientInfo(), loan_application: wrong }),
        ),
      );
      expect(res.status, wrong).toBe(400);
      expect(res.body.fieldErrors.loan_application).toBe("This loan application does not exist");
    }
    expect(await countRows("client_infos")).toBe(0);
    // The real buyer can still send theirs.
    const own = await answer(
      await run(
        clientAction,
        await leadFormRequest("/loan-application", { ...validClientInfo(), loan_application: ref }),
      ),
    );
    expect(own.status).toBe(302);
  });
});

describe("page actions with a body that is not a form", () => {
  const bodies: Array<[string, string | null]> = [
    ["application/json", '{"name":"x"}'],
    ["text/plain", "name=x"],
    ["application/x-www-form-urlencoded", null],
  ];
  it.each(bodies)("answers 400 (not 500) and stores nothing: %s", async (type, body) => {
    const carId = await makeCar({ financing: true, price: 25_000_000 });
    const post = (url: string) =>
      new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": type }, body });
    for (const [fn, url, params] of [
      [inspectionAction, "/book-inspection", {}],
      [connectAction, "/connect", {}],
      [clientAction, "/loan-application", {}],
      [applyAction, `/financing/${carId}`, { id: String(carId) }],
    ] as const) {
      const res = await answer(await run(fn, post(url), params));
      expect(res.status, url).toBe(400);
    }
    for (const table of ["inspections", "contact_messages", "loan_applications", "client_infos"] as const)
      expect(await countRows(table)).toBe(0);
  });
});
