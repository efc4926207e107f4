import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config/site";
import { carRow, EXPORT_COLUMNS } from "~/lib/car-sheet";
import { csvText } from "~/lib/csv";
import { ContactSchema } from "~/lib/lead-schemas";
import { Refusal } from "~/lib/refusal";
import type { Role } from "~/lib/roles";
import { type Admin, createAdmin, ensureFirstAdmin, findAdminByUsername } from "~/models/admin.server";
import { getBusiness, saveBusiness } from "~/models/business.server";
import { getCar } from "~/models/car.server";
import { countDemoStock, setupChecklist } from "~/models/demo/demo-stock.server";
import { insertHeroSlide, listHeroSlides } from "~/models/hero-slides.server";
import { createContactMessage } from "~/models/lead.server";
import { resetLoginThrottle } from "~/models/login-throttle.server";
import { enqueue, recordFailure } from "~/models/outbox.server";
import { saveImage } from "~/models/upload.server";
import { getDb, getSqlite } from "../../db/database.server";
import { TEST_PASSWORD } from "../../tests/helpers/admin-auth";
import { baseCar, clearData, makeCar, makeImage, uploadedFiles } from "../../tests/helpers/db";
import { validContact } from "../../tests/helpers/leads";
import { addCarListing, deleteCarListing, editCarListing, sellCar, unsellCar } from "./cars.server";
import { removeDemoStock } from "./demo.server";
import { addHeroSlide, editHeroSlide, moveHeroSlide, removeHeroSlide, reorderHeroSlides } from "./hero-slides.server";
import { answerLead } from "./leads.server";
import { resendMessage, updateNotifications } from "./notifications.server";
import { setLogo, updateSettings } from "./settings.server";
import { addStaff, changeStaffPassword, removeStaff, setStaffRole, updateStaffDetails } from "./staff.server";
import { importStock } from "./stock-sheet.server";
import { type Actor, runWrite, type StaffActor, staffActor, visitorActor } from "./use-case.server";

async function actor(role: Role): Promise<StaffActor> {
  const username = `table-${role}`;
  const admin: Admin = (await findAdminByUsername(username)) ?? (await createAdmin(username, TEST_PASSWORD, role));
  return staffActor({ id: admin.id, username: admin.username, role }, `10.9.0.${role === "owner" ? 1 : 2}`);
}

const unique = () => Math.random().toString(36).slice(2, 8);
const sale = async () => {
  const id = await makeCar();
  return { id };
};

/** The car form's fields as sent (every value a string, features repeated). */
const carFields = (): Record<string, string | string[]> => ({
  ...Object.fromEntries(Object.entries(baseCar).map(([k, v]) => [k, Array.isArray(v) ? v : String(v)])),
  imageOrder: [],
});

/** A stock sheet of one car, as the export writes it (importing it back updates the car). */
const stockSheet = async () => {
  const car = await getCar(await makeCar());
  if (!car) throw new Error("no car");
  return { name: "stock.csv", bytes: new TextEncoder().encode(csvText([...EXPORT_COLUMNS], [carRow(car)])) };
};

/** A slide made without a role check, for the rows that change one. */
const slide = async () =>
  (await insertHeroSlide(getDb(), { image: "/images/hero-1.webp", heading: "Slide", text: "", link: null })).id;

/** A failed message in the outbox, for the row that resends one. */
const failedMessage = async () => {
  await enqueue(getDb(), [
    { channel: "webhook", topic: "webhook", recipient: "https://hooks.example.com/x", subject: "Lead", payload: "{}" },
  ]);
  const { id } = await getDb().selectFrom("outbox").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  await recordFailure(id, "HTTP 500", null);
  return id;
};

/** Every admin write, called with input an owner may send; `sales` says whether a sales account may too. */
const TABLE: { name: string; sales: boolean; run: (a: Actor) => Promise<unknown> }[] = [
  { name: "add a car", sales: true, run: async (a) => addCarListing(a, carFields(), [await makeImage()]) },
  {
    name: "edit a car",
    sales: true,
    run: async (a) => editCarListing(a, await makeCar(), carFields(), [await makeImage()]),
  },
  {
    name: "import a stock sheet",
    sales: true,
    run: async (a) => importStock(a, await stockSheet(), { dryRun: false }),
  },
  { name: "sell a car", sales: true, run: async (a) => sellCar(a, await sale()) },
  { name: "delete a car", sales: false, run: async (a) => deleteCarListing(a, await makeCar()) },
  {
    name: "put a sold car back on sale",
    sales: false,
    run: async (a) => {
      const { id } = await sale();
      await sellCar(await actor("owner"), { id });
      return unsellCar(a, { id });
    },
  },
  {
    name: "change own password",
    sales: true,
    run: (a) =>
      changeStaffPassword(a, {
        username: a.kind === "staff" ? a.admin.username : "table-owner",
        newPassword: TEST_PASSWORD,
        currentPassword: TEST_PASSWORD,
      }),
  },
  {
    name: "add staff",
    sales: false,
    run: (a) => addStaff(a, { username: `new-${unique()}`, password: "longenough1", currentPassword: TEST_PASSWORD }),
  },
  {
    name: "reset a colleague's password",
    sales: false,
    run: async (a) => {
      const other = await createAdmin(`pw-${unique()}`, "longenough1");
      return changeStaffPassword(a, {
        username: other.username,
        newPassword: "another-pass",
        currentPassword: TEST_PASSWORD,
      });
    },
  },
  {
    name: "remove staff",
    sales: false,
    run: async (a) => {
      const other = await createAdmin(`rm-${unique()}`, "longenough1");
      return removeStaff(a, { username: other.username, currentPassword: TEST_PASSWORD });
    },
  },
  {
    name: "change a role",
    sales: false,
    run: async (a) => {
      const other = await createAdmin(`role-${unique()}`, "longenough1");
      return setStaffRole(a, { username: other.username, role: "owner", currentPassword: TEST_PASSWORD });
    },
  },
  {
    name: "change a colleague's name and phone",
    sales: false,
    run: async (a) => {
      const other = await createAdmin(`nm-${unique()}`, "longenough1");
      return updateStaffDetails(a, { username: other.username, displayName: "Chidi Okafor", phone: "0803 555 0142" });
    },
  },
  {
    name: "change one's own name and phone",
    sales: true,
    run: (a) =>
      updateStaffDetails(a, {
        username: a.kind === "staff" ? a.admin.username : "table-owner",
        displayName: `Me ${unique()}`,
        phone: "",
      }),
  },
  { name: "change the settings", sales: false, run: (a) => updateSettings(a, { tagline: `Tagline ${unique()}` }) },
  { name: "upload the logo", sales: false, run: async (a) => setLogo(a, await makeImage("png")) },
  { name: "remove the demo stock", sales: false, run: (a) => removeDemoStock(a) },
  {
    name: "change who is notified",
    sales: false,
    run: (a) => updateNotifications(a, { recipients: [{ email: `${unique()}@example.ng`, kinds: ["digest"] }] }),
  },
  { name: "resend a failed message", sales: false, run: async (a) => resendMessage(a, await failedMessage()) },
  { name: "add a hero slide", sales: false, run: async (a) => addHeroSlide(a, { heading: "Sale" }, await makeImage()) },
  {
    name: "edit a hero slide",
    sales: false,
    run: async (a) => editHeroSlide(a, await slide(), { heading: "New" }, null),
  },
  { name: "remove a hero slide", sales: false, run: async (a) => removeHeroSlide(a, await slide()) },
  { name: "move a hero slide", sales: false, run: async (a) => moveHeroSlide(a, await slide(), "up") },
  {
    name: "reorder the hero slides",
    sales: false,
    run: async (a) => reorderHeroSlides(a, { ids: [...(await listHeroSlides()).map((s) => s.id), await slide()] }),
  },
  {
    name: "assign a lead (and set its status)",
    sales: true,
    run: async (a) => {
      const lead = await createContactMessage(
        // A lead of its own for each run (a resend of the same message is the same lead, and the
        // owner's run leaves that one assigned to the owner, which a sales account cannot see).
        ContactSchema.parse({ ...validContact(), email: `${unique()}@example.com`, message: `Hello ${unique()}` }),
      );
      return answerLead(a, "contact", lead.id, { assignee: "table-owner", status: "contacted" });
    },
  },
];

beforeEach(async () => {
  await clearData();
  resetLoginThrottle();
  await saveBusiness(getDb(), defaultBusiness);
});

describe("use case x role", () => {
  for (const row of TABLE) {
    it(`${row.name}: owner yes, sales ${row.sales ? "yes" : "no (forbidden)"}`, async () => {
      await expect(row.run(await actor("owner"))).resolves.not.toThrow();
      const asSales = row.run(await actor("sales"));
      if (row.sales) await expect(asSales).resolves.not.toThrow();
      else await expect(asSales).rejects.toMatchObject({ code: "forbidden" });
      // A visitor (the public site) may do none of the staff's writes.
      await expect(row.run(visitorActor("10.9.0.3"))).rejects.toMatchObject({ code: "forbidden" });
    });
  }
});

describe("one transaction per write", () => {
  /** The activity table refuses every insert, as a full disk or a broken trail would. */
  const breakTheTrail = () =>
    getSqlite().exec(
      "CREATE TRIGGER test_activity_refused BEFORE INSERT ON activity BEGIN SELECT RAISE(ABORT, 'trail down'); END",
    );
  const mendTheTrail = () => getSqlite().exec("DROP TRIGGER IF EXISTS test_activity_refused");

  it("keeps no change when its activity entry cannot be written", async () => {
    const owner = await actor("owner");
    const id = await makeCar();
    const filesBefore = uploadedFiles().sort();
    const trail = () => getDb().selectFrom("activity").select("id").execute();
    const trailBefore = await trail();
    breakTheTrail();
    try {
      await expect(updateSettings(owner, { name: "Never Saved Motors" })).rejects.toThrow(/trail down/);
      await expect(sellCar(owner, { id, salePrice: "1000" })).rejects.toThrow(/trail down/);
      await expect(deleteCarListing(owner, id)).rejects.toThrow(/trail down/);
      await expect(addCarListing(owner, carFields(), [await makeImage()])).rejects.toThrow(/trail down/);
      await expect(addHeroSlide(owner, { heading: "Never", text: "", link: "" }, await makeImage())).rejects.toThrow(
        /trail down/,
      );
    } finally {
      mendTheTrail();
    }
    expect((await getBusiness()).name).toBe(defaultBusiness.name);
    expect((await getCar(id))?.sold).toBe(false);
    expect(await getDb().selectFrom("car_sales").selectAll().execute()).toEqual([]);
    expect(await getDb().selectFrom("cars").select("id").execute()).toEqual([{ id }]);
    expect(await listHeroSlides()).toEqual([]);
    expect(await trail()).toEqual(trailBefore);
    // The photos written before the transaction are removed again.
    expect(uploadedFiles().sort()).toEqual(filesBefore);
  });

  it("refuses getDb() inside an open transaction instead of waiting for the connection forever", async () => {
    const owner = await actor("owner");
    await expect(runWrite(owner, "settings.edit", async () => getDb())).rejects.toThrow(/inside an open transaction/);
    // After the transaction, the connection is free again.
    expect(await getDb().selectFrom("cars").select("id").execute()).toEqual([]);
  });
});

describe("a fresh install", () => {
  it("makes its first admin an owner, once", async () => {
    await getDb().deleteFrom("admins").execute();
    expect(await ensureFirstAdmin("founder", undefined)).toMatchObject({ created: true });
    expect(await ensureFirstAdmin("second", "longenough1")).toEqual({ created: false });
    expect(await getDb().selectFrom("admins").select(["username", "role"]).execute()).toEqual([
      { username: "founder", role: "owner" },
    ]);
  });
});

describe("the last owner", () => {
  it("can be neither removed nor demoted", async () => {
    await getDb().deleteFrom("admins").execute();
    const owner = await actor("owner");
    const other = await actor("sales");
    const demote = setStaffRole(owner, {
      username: owner.admin.username,
      role: "sales",
      currentPassword: TEST_PASSWORD,
    });
    await expect(demote).rejects.toMatchObject({ message: "The last owner cannot be made a sales account" });
    await setStaffRole(owner, { username: other.admin.username, role: "owner", currentPassword: TEST_PASSWORD });
    // Two owners now: one may step down, then the other is the last again.
    await setStaffRole(owner, { username: owner.admin.username, role: "sales", currentPassword: TEST_PASSWORD });
    const promoted = { ...other, admin: { ...other.admin, role: "owner" as const } };
    const removeLast = removeStaff(promoted, { username: promoted.admin.username, currentPassword: TEST_PASSWORD });
    await expect(removeLast).rejects.toBeInstanceOf(Refusal);
    expect((await findAdminByUsername(promoted.admin.username))?.role).toBe("owner");
  });
});

describe("removing the demo stock", () => {
  it("removes every demo car with its photos and sales, and the sample bookings; nothing else", async () => {
    const photo = await saveImage(await makeImage("jpeg"));
    const demoSold = await makeCar({ images: [photo] });
    const demoOther = await makeCar();
    const own = await makeCar({ make: "Lexus", images: [] });
    await getDb().updateTable("cars").set({ demo: 1 }).where("id", "in", [demoSold, demoOther]).execute();
    // Two sample bookings of the demo, and a real buyer's booking of a demo car, which stays.
    const booking = (name: string, demo: number, carId: number | null) => ({
      name,
      phone: "+2348031234567",
      email: `${name.toLowerCase().replace(/ /g, ".")}@example.ng`,
      car_make: "Toyota",
      car_model: "Camry",
      inspection_date: "2026-12-01",
      other_info: null,
      car_id: carId,
      created_at: new Date().toISOString(),
      demo,
    });
    await getDb()
      .insertInto("inspections")
      .values([booking("Aisha Bello", 1, null), booking("Kemi Ogunleye", 1, null), booking("Real Buyer", 0, demoSold)])
      .execute();
    const owner = await actor("owner");
    await sellCar(owner, { ...(await sale()), id: demoSold });
    await sellCar(owner, { ...(await sale()), id: own });
    expect(await countDemoStock()).toEqual({ cars: 2, bookings: 2 });
    expect((await setupChecklist()).find((i) => i.key === "demo")).toMatchObject({
      done: false,
      label: "Remove the demo stock (2 cars and 2 sample bookings)",
    });
    const files = uploadedFiles().filter((f) => f.includes(photo.slice(9, 25)));
    expect(files.length).toBeGreaterThan(1);

    expect(await removeDemoStock(owner)).toEqual({
      removed: 2,
      bookings: 2,
      message: "Demo stock removed: 2 cars and 2 sample bookings. Your own cars, leads and accounts stay.",
    });
    expect(await countDemoStock()).toEqual({ cars: 0, bookings: 0 });
    const cars = await getDb().selectFrom("cars").select("id").execute();
    expect(cars.map((c) => c.id)).toContain(own);
    expect(cars.map((c) => c.id)).not.toContain(demoSold);
    const sales = await getDb().selectFrom("car_sales").select("car_id").execute();
    expect(sales.map((s) => s.car_id)).toContain(own);
    expect(sales).toHaveLength(sales.filter((s) => s.car_id === own).length);
    for (const f of files) expect(fs.existsSync(f)).toBe(false);
    // The real booking stays, in the inspections and in the inbox; the samples left both.
    expect(await getDb().selectFrom("inspections").select("name").execute()).toEqual([{ name: "Real Buyer" }]);
    const inbox = await getDb().selectFrom("leads").select("name").where("kind", "=", "inspection").execute();
    expect(inbox).toEqual([{ name: "Real Buyer" }]);
    expect(await findAdminByUsername(owner.admin.username)).toBeDefined();
    const checklist = await setupChecklist();
    expect(checklist.find((i) => i.key === "demo")).toMatchObject({ done: true, label: "Remove the demo stock" });
    expect(checklist.find((i) => i.key === "own-car")).toMatchObject({ done: true });
    expect(await removeDemoStock(owner)).toEqual({
      removed: 0,
      bookings: 0,
      message: "There was no demo stock left to remove.",
    });
  });

  it("counts sample bookings left after the demo cars went (an install upgraded after removing them)", async () => {
    const owner = await actor("owner");
    await getDb()
      .insertInto("inspections")
      .values({
        name: "Ngozi Eze",
        phone: "+2348031234567",
        email: "ngozi.eze@example.ng",
        car_make: "Honda",
        car_model: "Accord",
        inspection_date: "2026-12-01",
        other_info: null,
        car_id: null,
        created_at: new Date().toISOString(),
        demo: 1,
      })
      .execute();
    expect((await setupChecklist()).find((i) => i.key === "demo")).toMatchObject({
      done: false,
      label: "Remove the demo stock (1 sample booking)",
    });
    expect(await removeDemoStock(owner)).toMatchObject({ removed: 0, bookings: 1 });
  });
});

describe("mark sold at the agreed price", () => {
  it("stores salePrice, or the list price when left out", async () => {
    const owner = await actor("owner");
    const first = await sale();
    await sellCar(owner, { ...first, salePrice: "23,500,000" });
    const second = await sale();
    await sellCar(owner, second);
    const rows = await getDb()
      .selectFrom("car_sales")
      .select(["car_id", "price", "sale_price"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { car_id: first.id, price: 25_000_000, sale_price: 23_500_000 },
      { car_id: second.id, price: 25_000_000, sale_price: 25_000_000 },
    ]);
    const refused = sellCar(owner, { ...(await sale()), salePrice: "-5" });
    await expect(refused).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: { salePrice: "salePrice cannot be negative" },
    });
  });
});

describe("put back on sale", () => {
  it("removes the sale record, makes the car available and records what the sale was", async () => {
    const owner = await actor("owner");
    const { id } = await sale();
    await sellCar(owner, { id, salePrice: "23,500,000" });
    expect(await unsellCar(owner, { id })).toEqual({ id });
    expect((await getCar(id))?.sold).toBe(false);
    expect(await getDb().selectFrom("car_sales").selectAll().where("car_id", "=", id).execute()).toEqual([]);
    const entry = await getDb()
      .selectFrom("activity")
      .select(["action", "detail", "changes", "target_id"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      action: "car.unsold",
      target_id: String(id),
      detail: "Sale for ₦23,500,000 removed",
      changes: JSON.stringify([{ field: "status", from: "Sold", to: "Available" }]),
    });
    // Once on sale, there is nothing to undo; it can be sold again.
    await expect(unsellCar(owner, { id })).rejects.toMatchObject({ code: "invalid" });
    await sellCar(owner, { id });
    expect((await getCar(id))?.sold).toBe(true);
    await expect(unsellCar(owner, { id: 999_999 })).rejects.toMatchObject({ code: "not_found" });
  });

  it("leaves a sale that came with a reservation deposit", async () => {
    const owner = await actor("owner");
    const { id } = await sale();
    await sellCar(owner, { id });
    await getDb().updateTable("car_sales").set({ reservation_reference: "LPA-RES-1", deposit: 500_000 }).execute();
    await expect(unsellCar(owner, { id })).rejects.toMatchObject({ code: "conflict" });
    expect((await getCar(id))?.sold).toBe(true);
  });
});

describe("the activity trail names what changed", () => {
  const lastEntry = () =>
    getDb()
      .selectFrom("activity")
      .select(["action", "detail", "changes"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();

  it("an edited car: each field changed with its old and new value", async () => {
    const owner = await actor("owner");
    const id = await makeCar({ price: 32_000_000, mileage: 40_000 });
    await editCarListing(owner, id, { ...carFields(), price: "30,500,000", mileage: "42000" }, []);
    const entry = await lastEntry();
    expect(entry.action).toBe("car.update");
    expect(JSON.parse(entry.changes ?? "[]")).toEqual([
      { field: "price", from: "₦32,000,000", to: "₦30,500,000" },
      { field: "mileage", from: "40,000", to: "42,000" },
    ]);
    expect(entry.detail).toBe("price ₦32,000,000 → ₦30,500,000, mileage 40,000 → 42,000");
  });
});

describe("the activity trail names what changed, never a secret", () => {
  const entries = async (n: number) =>
    (await getDb().selectFrom("activity").select(["action", "changes"]).orderBy("id", "desc").limit(n).execute()).map(
      (e) => ({ action: e.action, changes: JSON.parse(e.changes ?? "[]") }),
    );

  it("settings, staff and slides", async () => {
    const owner = await actor("owner");
    await updateSettings(owner, { name: "Ade Motors", catalogueFeed: !defaultBusiness.catalogueFeed });
    const other = await createAdmin(`chidi-${unique()}`, "longenough1");
    await updateStaffDetails(owner, { username: other.username, displayName: "Chidi Okafor", phone: "0803 555 0142" });
    await setStaffRole(owner, { username: other.username, role: "owner", currentPassword: TEST_PASSWORD });
    await changeStaffPassword(owner, {
      username: other.username,
      newPassword: "a-secret-password",
      currentPassword: TEST_PASSWORD,
    });
    const id = await slide();
    await editHeroSlide(owner, id, { heading: "December sale", text: "", link: "" }, null);
    expect(await entries(5)).toEqual([
      { action: "hero.update", changes: [{ field: "heading", from: "Slide", to: "December sale" }] },
      { action: "admin.password", changes: [{ field: "password", secret: true }] },
      { action: "admin.role", changes: [{ field: "role", from: "Sales", to: "Owner" }] },
      {
        action: "admin.details",
        changes: [
          { field: "display name", from: "—", to: "Chidi Okafor" },
          { field: "phone", from: "—", to: "+234 803 555 0142" },
        ],
      },
      {
        action: "settings.update",
        changes: [
          { field: "name", from: defaultBusiness.name, to: "Ade Motors" },
          {
            field: "catalogue feed",
            from: defaultBusiness.catalogueFeed ? "Yes" : "No",
            to: defaultBusiness.catalogueFeed ? "No" : "Yes",
          },
        ],
      },
    ]);
    const trail = JSON.stringify(await getDb().selectFrom("activity").selectAll().execute());
    expect(trail).not.toContain("a-secret-password");
    expect(await findAdminByUsername(other.username)).toMatchObject({
      display_name: "Chidi Okafor",
      phone: "+2348035550142",
    });
  });

  it("refuses a bad phone and another's details from a sales account", async () => {
    const owner = await actor("owner");
    const sales = await actor("sales");
    await expect(
      updateStaffDetails(owner, { username: sales.admin.username, displayName: "Bola", phone: "12345" }),
    ).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: { phone: "Enter a Nigerian mobile number, e.g. 0803 555 0142" },
    });
    await expect(
      updateStaffDetails(sales, { username: owner.admin.username, displayName: "Not me", phone: "" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await updateStaffDetails(sales, { username: sales.admin.username, displayName: "Bola Ade", phone: "" });
    expect(await findAdminByUsername(sales.admin.username)).toMatchObject({ display_name: "Bola Ade", phone: null });
  });
});
