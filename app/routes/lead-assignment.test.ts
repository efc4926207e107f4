import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { ContactSchema } from "~/lib/lead-schemas";
import { activityFor, pageActivity } from "~/models/activity.server";
import { createContactMessage } from "~/models/lead.server";
import { getDb } from "../../db/database.server";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { clearData } from "../../tests/helpers/db";
import { validContact } from "../../tests/helpers/leads";
import { loadContext } from "../../tests/helpers/load-context";
import * as dashboard from "./admin._index";
import * as inbox from "./admin.leads._index";
import * as leadPage from "./admin.leads.$kind.$id";
import * as apiLeads from "./api.admin.leads";
import * as apiLead from "./api.admin.leads.$kind.$id";

const BASE = "http://localhost";
let boss = "";
let sales = "";
let salesCookie = "";

beforeEach(async () => {
  await clearData();
  boss = (await adminToken("boss", "owner")).token;
  sales = (await adminToken("Tunde", "sales")).token;
  salesCookie = (await (await sessionCookie()).serialize(sales)).split(";")[0];
});

const api = (token: string, url: string, init: RequestInit = {}, params: Record<string, string> = {}) => {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(bearer(token))) headers.set(k, v);
  return {
    request: new Request(BASE + url, { ...init, headers }),
    params,
    context: loadContext({ clientIp: "10.0.0.9" }),
  };
};
const page = (url: string, init: RequestInit = {}, params: Record<string, string> = {}) => {
  const headers = new Headers(init.headers);
  headers.set("Cookie", salesCookie);
  return {
    request: new Request(BASE + url, { ...init, headers }),
    params,
    context: loadContext({ clientIp: "10.0.0.9" }),
  };
};
const patch = (body: unknown) => ({
  method: "PATCH",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

async function twoContacts() {
  const a = await createContactMessage(getDb(), ContactSchema.parse(validContact()));
  const b = await createContactMessage(
    getDb(),
    ContactSchema.parse({
      name: "Bola Ade",
      phone: "+234 803 555 0199",
      email: "bola@example.com",
      message: "Do you have a Corolla under ten million?",
    }),
  );
  return { a: { kind: "contact", id: String(a.id) }, b: { kind: "contact", id: String(b.id) } };
}
const names = async (token: string, query: string) => {
  const res = await apiLeads.loader(api(token, `/api/admin/leads${query}`));
  return ((await res.json()) as { name: string }[]).map((l) => l.name).sort();
};

describe("PATCH /api/admin/leads/{kind}/{id} with an assignee", () => {
  it("assigns, reassigns and clears, records each in the lead's history and the activity trail", async () => {
    const { a } = await twoContacts();
    const set = await apiLead.action(api(boss, "", patch({ assignee: "tunde" }), a));
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ assignee: "Tunde", status: "new", updated_by: "boss" });
    const history = await activityFor("lead", `contact/${a.id}`);
    expect(history[0]).toMatchObject({ admin_username: "boss", action: "lead.update", detail: "assigned to Tunde" });
    const trail = (await pageActivity({}, 1, 10)).entries[0];
    expect(trail).toMatchObject({ target_kind: "lead", target_id: `contact/${a.id}`, detail: "assigned to Tunde" });

    // The same assignee again changes nothing and records nothing.
    await apiLead.action(api(boss, "", patch({ assignee: "Tunde" }), a));
    expect(await activityFor("lead", `contact/${a.id}`)).toHaveLength(1);

    // A sales account may assign too, with a status in the same call.
    const both = await apiLead.action(api(sales, "", patch({ assignee: "boss", status: "contacted" }), a));
    expect(await both.json()).toMatchObject({ assignee: "boss", status: "contacted", updated_by: "Tunde" });
    expect((await activityFor("lead", `contact/${a.id}`))[0].detail).toBe("status New → Contacted; assigned to boss");

    const cleared = await apiLead.action(api(boss, "", patch({ assignee: null }), a));
    expect(await cleared.json()).toMatchObject({ assignee: null, status: "contacted" });
    expect((await activityFor("lead", `contact/${a.id}`))[0].detail).toBe("unassigned (was boss)");
  });

  it("refuses an unknown username with a clear 400 and changes nothing", async () => {
    const { a } = await twoContacts();
    await apiLead.action(api(boss, "", patch({ assignee: "boss" }), a));
    const res = await apiLead.action(api(boss, "", patch({ assignee: "ghost", status: "won" }), a));
    expect(res.status).toBe(400);
    const message = 'There is no staff member called "ghost". Choose someone from the staff list, or nobody.';
    expect(await res.json()).toEqual({ error: message, fields: { assignee: message } });
    const lead = await (await apiLead.loader(api(boss, "", {}, a))).json();
    expect(lead).toMatchObject({ assignee: "boss", status: "new" });
    const wrongType = await apiLead.action(api(boss, "", patch({ assignee: 7 }), a));
    expect(wrongType.status).toBe(400);
    const none = await apiLead.action(api(boss, "", patch({ assignee: "boss" }), { kind: "contact", id: "99999" }));
    expect(none.status).toBe(404);
  });

  it("forgets the assignment when the staff member is removed", async () => {
    const { a } = await twoContacts();
    await apiLead.action(api(boss, "", patch({ assignee: "Tunde" }), a));
    await getDb().deleteFrom("sessions").execute();
    await getDb().deleteFrom("admins").where("username", "=", "Tunde").execute();
    boss = (await adminToken("boss", "owner")).token;
    expect(await (await apiLead.loader(api(boss, "", {}, a))).json()).toMatchObject({ assignee: null });
  });
});

describe("GET /api/admin/leads?assignee=", () => {
  it("filters by me, none and a username (any letter case); a malformed value is ignored and named", async () => {
    const { a, b } = await twoContacts();
    await apiLead.action(api(boss, "", patch({ assignee: "Tunde" }), a));
    expect(await names(sales, "?assignee=me")).toEqual(["Aisha Bello"]);
    expect(await names(boss, "?assignee=me")).toEqual([]);
    expect(await names(boss, "?assignee=none")).toEqual(["Bola Ade"]);
    expect(await names(boss, "?assignee=TUNDE")).toEqual(["Aisha Bello"]);
    expect(await names(boss, "?assignee=nobody-here")).toEqual([]);
    await apiLead.action(api(boss, "", patch({ assignee: "boss" }), b));
    expect(await names(boss, "?assignee=me&status=new")).toEqual(["Bola Ade"]);
    const odd = await apiLeads.loader(api(boss, "/api/admin/leads?assignee=%3Cscript%3E"));
    expect(odd.headers.get("X-Ignored-Filters")).toBe("assignee");
    expect(await odd.json()).toHaveLength(2);
  });
});

describe("the pages", () => {
  it("assign from the lead's page with a plain form post, show it, filter the inbox, count My new leads", async () => {
    const { a } = await twoContacts();
    const saved = await respond(() => leadPage.action(page("", form({ intent: "assign", assignee: "Tunde" }), a)));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/admin/leads/contact/${a.id}?done=saved`);
    const shown = await leadPage.loader(page(`/admin/leads/contact/${a.id}?done=saved`, {}, a));
    expect(shown).toMatchObject({ saved: true, lead: { assignee: "Tunde", status: "new" } });
    expect(shown.staff.map((s: { username: string }) => s.username)).toEqual(expect.arrayContaining(["boss", "Tunde"]));
    // The assignee's display name and phone show on the lead and in the assignee choice.
    await getDb()
      .updateTable("admins")
      .set({ display_name: "Tunde Bakare", phone: "+2348035550142" })
      .where("username", "=", "Tunde")
      .execute();
    const named = await leadPage.loader(page(`/admin/leads/contact/${a.id}`, {}, a));
    expect(named.lead).toMatchObject({
      assignee: "Tunde",
      assignee_name: "Tunde Bakare",
      assignee_phone: "+2348035550142",
    });
    expect(named.staff).toContainEqual({ username: "Tunde", name: "Tunde Bakare" });
    expect(shown.history[0]).toMatchObject({ admin_username: "Tunde", detail: "assigned to Tunde" });

    const mine = await inbox.loader(page("/admin/leads?assignee=me&status=new"));
    expect(mine).toMatchObject({
      total: 1,
      filters: { assignee: "me", status: "new" },
      query: "?category=lead&status=new&assignee=me", // the inbox opens on the leads to answer
    });
    expect(mine.leads[0]).toMatchObject({ name: "Aisha Bello", assignee: "Tunde" });
    expect((await inbox.loader(page("/admin/leads?assignee=none"))).total).toBe(1);
    expect((await dashboard.loader(page("/admin"))).myNewLeads).toBe(1);

    const refused = await leadPage.action(page("", form({ intent: "assign", assignee: "ghost" }), a));
    expect(refused).toMatchObject({ init: { status: 400 }, data: { fieldErrors: { assignee: expect.any(String) } } });

    // "Nobody" is the blank choice.
    await respond(() => leadPage.action(page("", form({ intent: "assign", assignee: "" }), a)));
    expect((await leadPage.loader(page("", {}, a))).lead.assignee).toBeNull();
    expect((await dashboard.loader(page("/admin"))).myNewLeads).toBe(0);
  });
});

describe("which leads a sales account sees", () => {
  it("its own and the new unassigned ones, on every page and API; another's is 404", async () => {
    const { a, b } = await twoContacts();
    const third = await createContactMessage(
      getDb(),
      ContactSchema.parse({ ...validContact(), name: "Chika Eze", phone: "0803 555 0177", message: "Third" }),
    );
    const c = { kind: "contact", id: String(third.id) };
    await apiLead.action(api(boss, "", patch({ assignee: "Tunde" }), a));
    await apiLead.action(api(boss, "", patch({ assignee: "boss" }), b));
    // c stays new and unassigned.
    expect(await names(sales, "")).toEqual(["Aisha Bello", "Chika Eze"]);
    expect(await names(boss, "")).toEqual(["Aisha Bello", "Bola Ade", "Chika Eze"]);
    expect((await inbox.loader(page("/admin/leads"))).leads.map((l) => l.name).sort()).toEqual([
      "Aisha Bello",
      "Chika Eze",
    ]);
    expect((await dashboard.loader(page("/admin"))).newLeads).toBe(2);
    expect((await apiLead.loader(api(sales, "", {}, b))).status).toBe(404);
    expect((await respond(() => leadPage.loader(page("", {}, b)))).status).toBe(404);
    const peek = await respond(() => leadPage.action(page("", form({ intent: "status", status: "won" }), b)));
    expect(peek.status).toBe(404);
    expect((await apiLead.action(api(sales, "", patch({ note: "x" }), b))).status).toBe(404);
    expect(await (await apiLead.loader(api(boss, "", {}, b))).json()).toMatchObject({ status: "new", note: null });

    // Moving the unassigned one on takes it; handing it to the owner takes it off the desk (the
    // page goes back to the inbox rather than to a lead the account can no longer open).
    const took = await apiLead.action(api(sales, "", patch({ status: "contacted" }), c));
    expect(await took.json()).toMatchObject({ status: "contacted", assignee: "Tunde" });
    const handed = await respond(() => leadPage.action(page("", form({ intent: "assign", assignee: "boss" }), c)));
    expect(handed.status).toBe(303);
    expect(handed.headers.get("Location")).toBe("/admin/leads");
    expect(await names(sales, "")).toEqual(["Aisha Bello"]);
  });
});
