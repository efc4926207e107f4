// The leads inbox's default view and its car filter (issue 28, item 16): the inbox opens on the
// leads a person can answer (signals one click away), and the car filter takes a car's name or
// stock number as well as its id. The API keeps listing everything by default.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { autoStockNumber } from "~/lib/car-sheet";
import { getDb, nowIso } from "../../db/database.server";
import { adminToken, bearer } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import * as inbox from "./admin.leads._index";
import * as leadPage from "./admin.leads.$kind.$id";
import * as apiLeads from "./api.admin.leads";

const BASE = "http://localhost";
let token = "";
let cookie = "";

beforeEach(async () => {
  await clearData();
  token = (await adminToken()).token;
  cookie = (await (await sessionCookie()).serialize(token)).split(";")[0];
});

const page = (url: string) => ({
  request: new Request(BASE + url, { headers: { Cookie: cookie } }),
  params: {},
  context: loadContext({ clientIp: "10.0.0.9" }),
});
const api = (url: string) => ({
  request: new Request(BASE + url, { headers: bearer(token) }),
  params: {},
  context: loadContext({ clientIp: "10.0.0.9" }),
});

async function contact(name: string, carId: number | null = null) {
  await getDb()
    .insertInto("contact_messages")
    .values({
      name,
      phone: "+2348035550142",
      email: "a@example.com",
      message: "Still there?",
      car_id: carId,
      created_at: nowIso(),
    })
    .execute();
}
async function click(carId: number | null) {
  await getDb()
    .insertInto("whatsapp_clicks")
    .values({ car_id: carId, car_label: null, from_path: "/", created_at: nowIso() })
    .execute();
}
async function signUp(name: string) {
  await getDb()
    .insertInto("newsletter_subscriptions")
    .values({ name, email: `${name.toLowerCase()}@example.com`, created_at: nowIso(), leave_token: name })
    .execute();
}

const kinds = (leads: { kind: string }[]) => leads.map((l) => l.kind).sort();

describe("the inbox's default view", () => {
  it("lists the leads to answer; signals one link away, by kind or category=all; the API lists all", async () => {
    await contact("Ada");
    await click(null);
    await signUp("Reader");

    const first = await inbox.loader(page("/admin/leads"));
    expect(kinds(first.leads)).toEqual(["contact"]);
    expect(first.view).toBe("lead");
    // The CSV link downloads what is shown.
    expect(first.query).toBe("?category=lead");
    const signalLink = first.views.find((v) => v.view === "signal");
    expect(signalLink?.href).toBe("/admin/leads?category=signal");

    expect(kinds((await inbox.loader(page("/admin/leads?category=signal"))).leads)).toEqual(["newsletter", "whatsapp"]);
    const everything = await inbox.loader(page("/admin/leads?category=all"));
    expect(kinds(everything.leads)).toEqual(["contact", "newsletter", "whatsapp"]);
    expect(everything.view).toBe("all");
    // A kind asked for by name (the dashboard's links) is shown without the default.
    expect(kinds((await inbox.loader(page("/admin/leads?kind=whatsapp"))).leads)).toEqual(["whatsapp"]);

    const listed = await (await apiLeads.loader(api("/api/admin/leads"))).json();
    expect(kinds(listed)).toEqual(["contact", "newsletter", "whatsapp"]);
  });

  it("keeps category=all through the tidy redirect of empty fields", async () => {
    const res = await inbox.loader(page("/admin/leads?category=all&q=&status=")).catch((e: unknown) => e);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("Location")).toBe("/admin/leads?category=all");
  });
});

describe("the car filter", () => {
  it("takes a car's name, its stock number or its id, in the inbox and the API", async () => {
    const camry = await makeCar({ make: "Toyota", model: "Camry", year: 2019 });
    const lexus = await makeCar({ make: "Lexus", model: "RX 350", year: 2021 });
    await contact("Camry buyer", camry);
    await contact("Lexus buyer", lexus);
    await contact("Nobody's car");
    await click(camry);

    const names = async (url: string) => (await inbox.loader(page(url))).leads.map((l) => l.name ?? l.kind).sort();
    expect(await names("/admin/leads?car=Camry")).toEqual(["Camry buyer"]);
    expect(await names("/admin/leads?car=camry+2019")).toEqual(["Camry buyer"]);
    expect(await names("/admin/leads?car=toyota%20camry&category=all")).toEqual(["Camry buyer", "whatsapp"]);
    expect(await names(`/admin/leads?car=${autoStockNumber(lexus)}`)).toEqual(["Lexus buyer"]);
    expect(await names(`/admin/leads?car=${autoStockNumber(lexus).toLowerCase()}`)).toEqual(["Lexus buyer"]);
    expect(await names(`/admin/leads?car=${camry}`)).toEqual(["Camry buyer"]);
    expect(await names("/admin/leads?car=Corolla")).toEqual([]);

    const byName = await (await apiLeads.loader(api("/api/admin/leads?car=Lexus"))).json();
    expect(byName.map((l: { name: string }) => l.name)).toEqual(["Lexus buyer"]);
    const byId = await (await apiLeads.loader(api(`/api/admin/leads?car=${camry}`))).json();
    expect(byId.map((l: { name: string | null }) => l.name).sort()).toEqual(["Camry buyer", null]);
  });
});

describe("a sourcing request's page", () => {
  it("lists the matching cars for sale, with links to their pages", async () => {
    const { id } = await getDb()
      .insertInto("sourcing_requests")
      .values({
        name: "Ada",
        phone: "+2348035550142",
        car_wanted: "Lexus RX",
        budget: 30_000_000,
        search: null,
        created_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const open = async () =>
      (await leadPage.loader({ ...page(`/admin/leads/sourcing/${id}`), params: { kind: "sourcing", id: String(id) } }))
        .matches;
    expect(await open()).toEqual([]);
    const rx = await makeCar({ make: "Lexus", model: "RX 350", year: 2021, price: 29_000_000 });
    await makeCar({ make: "Lexus", model: "RX 350", year: 2022, price: 45_000_000 }); // over the budget
    expect(await open()).toEqual([
      {
        id: rx,
        name: "Lexus RX 350 2021",
        price: 29_000_000,
        stock_number: autoStockNumber(rx),
        path: `/cars/${rx}-lexus-rx-350-2021`,
      },
    ]);
    const contact = await leadPage
      .loader({ ...page("/admin/leads/contact/1"), params: { kind: "contact", id: "1" } })
      .catch(() => null);
    expect(contact?.matches ?? null).toBeNull();
  });
});
