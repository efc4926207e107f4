import { beforeEach, describe, expect, it } from "vitest";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { clearData } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import * as cars from "./api.cars";
import * as carById from "./api.cars.$id";

const BASE = "http://localhost";
const FIELDS = {
  make: "Toyota",
  model: "Venza",
  year: "2018",
  price: "21000000",
  condition: "Nigerian Used",
  engine_capacity: "2.5L",
  engine_size: "V4",
  custom_paper: "Yes",
  body_type: "SUV",
  drive_train: "AWD",
};

let token = "";
beforeEach(async () => {
  await clearData();
  token = (await adminToken()).token;
});

const send = (method: "POST" | "PUT", url: string, fields: Record<string, string>, params = {}) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new Request(`${BASE}${url}`, { method, headers: bearer(token), body });
  return respond(() =>
    method === "POST"
      ? cars.action({ request, params, context: loadContext() })
      : carById.action({ request, params, context: loadContext() }),
  );
};

const read = async (id: number) =>
  (await (
    await respond(() =>
      carById.loader({
        request: new Request(`${BASE}/api/cars/${id}`),
        params: { id: String(id) },
        context: loadContext(),
      }),
    )
  ).json()) as Record<string, unknown>;

describe("Nigerian paperwork through the API", () => {
  it("stores each field, answers unknown as null (never false), and an edit can set it back to unknown", async () => {
    const created = await send("POST", "/api/cars", {
      ...FIELDS,
      custom_paper: "Yes",
      customs_duty_paid: "no",
      plate_state: "Lagos",
      previous_owners_ng: "2",
      accident_free: "no",
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { car: { id: number } }).car.id;
    // customs_duty_paid is Custom Paper's older name: sent, it sets Custom Paper, and is answered.
    expect(await read(id)).toMatchObject({
      custom_paper: "No",
      customs_duty_paid: false,
      plate_state: "Lagos",
      previous_owners_ng: 2,
      accident_free: false,
      flood_free: null,
    });
    const edited = await send(
      "PUT",
      `/api/cars/${id}`,
      { ...FIELDS, custom_paper: "Yes", customs_duty_paid: "", plate_state: "fct" },
      {
        id: String(id),
      },
    );
    expect(edited.status).toBe(200);
    expect(await read(id)).toMatchObject({
      custom_paper: "Yes",
      customs_duty_paid: true,
      plate_state: "FCT",
      previous_owners_ng: null,
      accident_free: null,
    });
  });

  it("refuses a plate outside Nigeria's states and FCT, and a Custom Paper it cannot read", async () => {
    const refused = await send("POST", "/api/cars", { ...FIELDS, plate_state: "Accra", customs_duty_paid: "perhaps" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fields: {
        plate_state: expect.stringMatching(/^Plate state must be one of Abia/),
        custom_paper: expect.stringMatching(/^Custom paper/),
      },
    });
  });
});
