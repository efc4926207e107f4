// The car form's count of waiting buyers, before saving: POST /admin/car-reach with the form's
// fields answers how many addresses with a confirmed alert the car as typed would newly reach,
// and writes nothing.
process.env.SMTP_URL = "smtp://127.0.0.1:2525";

import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { confirmAlert, createAlert } from "~/models/alerts.server";
import { getBusiness } from "~/models/business.server";
import { getDb } from "../../db/database.server";
import { adminToken } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { action } from "./admin_.car-reach";

const db = () => getDb();
let cookie = "";

beforeEach(async () => {
  await clearData();
  await db().deleteFrom("buyer_alerts").execute();
  await db().deleteFrom("alert_contacts").execute();
  const { token } = await adminToken("owner1");
  cookie = (await (await sessionCookie()).serialize(token)).split(";")[0];
});

async function alert(email: string, search: string, confirm = true) {
  expect(await createAlert(db(), { email, search }, await getBusiness())).toBe("created");
  const mail = await db().selectFrom("outbox").select("payload").orderBy("id", "desc").executeTakeFirstOrThrow();
  const token = /\/alerts\/confirm\/([\w-]+)/.exec(mail.payload)?.[1] ?? "";
  if (confirm) await confirmAlert(db(), token);
}

const FIELDS = {
  make: "Lexus",
  model: "RX 350",
  year: "2021",
  price: "28000000",
  condition: "Foreign Used",
  engine_capacity: "3.5L",
  engine_size: "V6",
  custom_paper: "Yes",
  body_type: "SUV",
  drive_train: "AWD",
};

const ask = async (fields: Record<string, string>, carId?: number, signedIn = true) => {
  const res = await action({
    request: new Request(`http://localhost/admin/car-reach${carId ? `?carId=${carId}` : ""}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(signedIn ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    }),
    params: {},
    context: loadContext(),
  });
  return { status: res.status, body: await res.json() };
};

describe("POST /admin/car-reach", () => {
  it("counts the addresses whose confirmed alerts the car as typed would newly reach, writing nothing", async () => {
    await alert("ada@example.com", "make=Lexus&maxPrice=30000000");
    await alert("ada@example.com", "body_type=SUV"); // the same buyer twice: counted once
    await alert("bayo@example.com", "make=Lexus");
    await alert("kemi@example.com", "make=Lexus", false); // not confirmed
    await alert("tunde@example.com", "make=Kia");
    const cars = await db().selectFrom("cars").select("id").execute();

    const answer = await ask(FIELDS);
    expect(answer).toEqual({
      status: 200,
      body: {
        buyers: 2,
        message: "This car would reach 2 waiting buyers: their alerts match it, and they are emailed once it is saved.",
      },
    });
    expect((await ask({ ...FIELDS, price: "45000000", body_type: "Sedan" })).body.buyers).toBe(1);
    expect((await ask({ ...FIELDS, make: "" })).body).toMatchObject({ buyers: null });
    expect(await db().selectFrom("cars").select("id").execute()).toEqual(cars);
    expect(await db().selectFrom("alert_matches").select("car_id").execute()).toEqual([]);
    expect((await ask(FIELDS, undefined, false)).status).toBe(401);
  });

  it("for an edit, counts only buyers not told of the car already", async () => {
    await alert("bayo@example.com", "make=Lexus");
    const id = await makeCar({ ...FIELDS, year: 2021, price: 45_000_000 }); // bayo is told now
    await alert("ada@example.com", "make=Lexus&maxPrice=30000000");
    expect((await ask({ ...FIELDS, price: "45000000" }, id)).body.buyers).toBe(0);
    expect((await ask(FIELDS, id)).body.buyers).toBe(1); // the lower price brings Ada's search in
    expect((await db().selectFrom("cars").select("price").where("id", "=", id).executeTakeFirstOrThrow()).price).toBe(
      45_000_000,
    );
  });
});
