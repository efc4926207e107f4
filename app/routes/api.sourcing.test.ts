import { beforeEach, describe, expect, it } from "vitest";
import { formStamp } from "~/http/bot-guard.server";
import { SourcingSchema } from "~/lib/lead-schemas";
import { validate } from "~/lib/validation";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { formRequest, jsonRequest } from "../../tests/helpers/leads";
import { getLead, pageLeads } from "../models/lead-inbox.server";
import { createSourcingRequest } from "../models/sourcing.server";
import { action as sourcingAction, loader as sourcingLoader } from "./api.sourcing";
import { action as browseAction, loader as browseLoader } from "./browse";

beforeEach(clearData);

type Handler = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
const call = (handler: unknown, request: Request, context: object = {}) =>
  (handler as Handler)({ request, params: {}, context });

const valid = { name: "Chidi Okafor", phone: "0803 555 0142", car_wanted: "Lexus GX 460 2015", budget: "₦30,000,000" };

describe("sourcing requests", () => {
  it("reads budgets as buyers write them, and refuses what is not an amount", () => {
    const budget = (v: unknown) => validate(SourcingSchema, { ...valid, budget: v });
    for (const [text, naira] of [
      ["30000000", 30_000_000],
      ["30,000,000", 30_000_000],
      ["₦ 30,000,000", 30_000_000],
      ["30m", 30_000_000],
      ["2.5M", 2_500_000],
      ["800k", 800_000],
      ["", null],
    ] as const) {
      const r = budget(text);
      expect(r.ok && r.data.budget, text).toBe(naira);
    }
    for (const bad of ["cheap", "-5", "0", "1e99"]) {
      const r = budget(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.fieldErrors.budget).toMatch(/Budget/);
    }
  });

  it("POST /api/sourcing stores a sourcing lead (JSON and form) with a normalised phone; GET is 405", async () => {
    const res = (await call(
      sourcingAction,
      jsonRequest("/api/sourcing", { ...valid, search: "?make=Lexus" }),
    )) as Response;
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      name: "Chidi Okafor",
      phone: "+2348035550142",
      budget: 30_000_000,
      search: "?make=Lexus",
    });
    const form = (await call(
      sourcingAction,
      formRequest("/api/sourcing", { ...valid, name: "Ada", budget: "" }),
    )) as Response;
    expect(form.status).toBe(201);
    const { leads } = await pageLeads({ kind: "sourcing" }, 1, 10);
    expect(leads.map((l) => l.name).sort()).toEqual(["Ada", "Chidi Okafor"]);
    const chidi = leads.find((l) => l.name === "Chidi Okafor")!;
    expect(chidi).toMatchObject({ kind: "sourcing", status: "new", phone: "+2348035550142" });
    expect(chidi.summary).toBe("Source a car: Lexus GX 460 2015, budget ₦30,000,000");
    const detail = await getLead("sourcing", body.id);
    expect(detail?.fields).toMatchObject({
      car_wanted: "Lexus GX 460 2015",
      budget: 30_000_000,
      search: "?make=Lexus",
    });
    // The inbox search finds it by phone (local writing) and by the car.
    expect((await pageLeads({ q: "08035550142" }, 1, 10)).leads.map((l) => l.kind)).toEqual(["sourcing", "sourcing"]);
    expect((await pageLeads({ q: "lexus" }, 1, 10)).leads).toHaveLength(2);
    expect(((await call(sourcingLoader, new Request("http://x/api/sourcing"))) as Response).status).toBe(405);
  });

  it("refuses a request without a name, phone or car, naming each field, and stores nothing", async () => {
    const res = (await call(
      sourcingAction,
      jsonRequest("/api/sourcing", { phone: "123", budget: "lots" }),
    )) as Response;
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.fields).sort()).toEqual(["budget", "car_wanted", "name", "phone"]);
    expect(await getDb().selectFrom("sourcing_requests").selectAll().execute()).toEqual([]);
  });

  it("stores a double submit once", async () => {
    const input = validate(SourcingSchema, valid);
    if (!input.ok) throw new Error("valid input refused");
    const a = await createSourcingRequest(getDb(), input.data);
    const b = await createSourcingRequest(getDb(), input.data);
    expect(b.id).toBe(a.id);
    expect((await pageLeads({ kind: "sourcing" }, 1, 10)).total).toBe(1);
  });

  it("the browse page offers the form only when nothing is found, and its action stores the lead", async () => {
    await makeCar({ make: "Toyota" });
    const found = (await call(browseLoader, new Request("http://x/browse?make=toyota"))) as { stamp: string | null };
    expect(found.stamp).toBeNull();
    const none = (await call(browseLoader, new Request("http://x/browse?make=Bugatti"))) as { stamp: string | null };
    expect(none.stamp).toEqual(expect.any(String));
    const sent = await call(
      browseAction,
      formRequest("/browse?make=Bugatti", {
        ...valid,
        search: "?make=Bugatti",
        form_served: await formStamp(Date.now() - 10_000),
        company_website: "",
      }),
    );
    expect(sent).toMatchObject({ ok: true });
    const rows = await getDb().selectFrom("sourcing_requests").selectAll().execute();
    expect(rows).toMatchObject([{ search: "?make=Bugatti", car_wanted: "Lexus GX 460 2015" }]);
  });
});
