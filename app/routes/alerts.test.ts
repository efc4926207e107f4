// POST /api/alerts and the /alerts page action, called as Remix calls them, with email on.
process.env.SMTP_URL = "smtp://127.0.0.1:2525";

import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import * as api from "./api.alerts";
import * as leave from "./api.alerts.leave.$token";

beforeEach(async () => {
  await clearData();
  await getDb().deleteFrom("buyer_alerts").execute();
  await getDb().deleteFrom("alert_contacts").execute();
});

const post = (body: unknown) =>
  api.action({
    request: new Request("http://localhost/api/alerts", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
    params: {},
    context: loadContext(),
  });

describe("POST /api/alerts", () => {
  it("answers a new alert and the same one again alike, refuses bad input with field messages", async () => {
    const first = await post({ email: "ada@example.com", search: "make=Lexus&maxPrice=30000000" });
    const again = await post({ email: "ada@example.com", search: "make=Lexus&maxPrice=30000000" });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await first.json()).toEqual(await again.json());
    const bad = await post({ email: "nope", whatsapp: "123" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toMatchObject({ email: "Enter a valid email address" });
    const id = await makeCar({ sold: true });
    const sold = await post({ email: "ada@example.com", car_id: id });
    expect(sold.status).toBe(400);
  });

  it("takes a WhatsApp number in any usual Nigerian form, and refuses one that is not a mobile number", async () => {
    const ok = await post({ email: "chat@example.com", search: "make=Kia", whatsapp: "+234 (0) 803-555-0142" });
    expect(ok.status).toBe(201);
    const contact = await getDb()
      .selectFrom("alert_contacts")
      .select("whatsapp")
      .where("email", "=", "chat@example.com")
      .executeTakeFirstOrThrow();
    expect(contact.whatsapp).toBe("+2348035550142");
    for (const bad of ["0803 555", "0201 555 0142", "+44 7700 900123"]) {
      const res = await post({ email: "chat@example.com", search: "make=Kia", whatsapp: bad });
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual({ whatsapp: "Enter a Nigerian mobile number, e.g. 0803 555 0142" });
    }
  });

  it("refuses the eleventh alert of an address with a message", async () => {
    for (let i = 0; i < 10; i++)
      expect((await post({ email: "b@example.com", search: `maxPrice=${i + 1}000000` })).status).toBe(201);
    const res = await post({ email: "b@example.com", search: "make=BMW" });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/at most 10 alerts/);
  });

  it("takes the one-click unsubscribe post, the same answer for any token", async () => {
    const res = await leave.action({
      request: new Request("http://localhost/api/alerts/leave/x", {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
      }),
      params: { token: "x" },
      context: loadContext(),
    });
    expect(res.status).toBe(200);
  });
});
