import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import * as dealerSettings from "../migrations/2026-11-24-0006-dealer-settings";
import { migrations } from "../migrations/index";

const NAME = "2026-11-24-0006-dealer-settings";

/** A database as it was before the migration: one admin, a demo-seeded car and the dealer's own car. */
async function beforeDealerSettings(): Promise<Kysely<any>> {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
  for (const [name, migration] of Object.entries(migrations)) {
    if (name === NAME) break;
    await migration.up(db);
  }
  const now = "2026-11-01T10:00:00.000Z";
  await db
    .insertInto("admins")
    .values({ username: "boss", password_hash: "x", created_at: now, updated_at: now })
    .execute();
  const car = {
    make: "Toyota",
    model: "Camry",
    year: 2020,
    price: 20_000_000,
    condition: "Foreign Used",
    body_type: "Sedan",
    drive_train: "FWD",
    engine_capacity: "2.5L",
    engine_size: "V4",
    custom_paper: "Yes",
    keyfeatures: "[]",
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto("cars")
    .values([
      {
        ...car,
        car_description:
          "2020 Toyota Camry in black. Tokunbo (foreign used), freshly imported with clean title. 2.5L V4 engine, FWD.",
      },
      { ...car, car_description: "Our own Camry, one owner, clean papers." },
    ])
    .execute();
  return db;
}

const version = async (db: Kysely<any>) =>
  (await sql<{ version: number }>`select version from catalog_version`.execute(db)).rows[0].version;

describe(`migration ${NAME}`, () => {
  it("makes existing accounts owners, new ones sales, and marks only the demo generator's cars as demo", async () => {
    const db = await beforeDealerSettings();
    await dealerSettings.up(db);
    expect(await db.selectFrom("admins").select(["username", "role"]).execute()).toEqual([
      { username: "boss", role: "owner" },
    ]);
    const now = "2026-11-02T10:00:00.000Z";
    await db
      .insertInto("admins")
      .values({ username: "ada", password_hash: "x", created_at: now, updated_at: now })
      .execute();
    const ada = await db.selectFrom("admins").select("role").where("username", "=", "ada").executeTakeFirstOrThrow();
    expect(ada.role).toBe("sales");
    const badRole = db.updateTable("admins").set({ role: "manager" }).where("username", "=", "ada").execute();
    await expect(badRole).rejects.toThrow(/CHECK/);
    const cars = await db.selectFrom("cars").select(["car_description", "demo"]).orderBy("id").execute();
    expect(cars.map((c) => c.demo)).toEqual([1, 0]);
    await db.destroy();
  });

  it("bumps the catalogue version on every write to the business settings or the hero slides", async () => {
    const db = await beforeDealerSettings();
    await dealerSettings.up(db);
    const start = await version(db);
    await db.insertInto("settings").values({ key: "session_secret", value: "s" }).execute();
    expect(await version(db)).toBe(start); // other settings leave the pages alone
    await db.insertInto("settings").values({ key: "business", value: "{}" }).execute();
    await db.updateTable("settings").set({ value: '{"name":"X"}' }).where("key", "=", "business").execute();
    expect(await version(db)).toBe(start + 2);
    const now = "2026-11-02T10:00:00.000Z";
    await db
      .insertInto("hero_slides")
      .values({ image: "/uploads/a.webp", heading: "Hi", position: 0, created_at: now, updated_at: now })
      .execute();
    await db.deleteFrom("hero_slides").execute();
    expect(await version(db)).toBe(start + 4);
    await db.destroy();
  });

  it("down() takes it all away and up() runs again", async () => {
    const db = await beforeDealerSettings();
    await dealerSettings.up(db);
    await dealerSettings.down(db);
    const columns = async (table: string) =>
      (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
    expect(await columns("admins")).not.toContain("role");
    expect(await columns("cars")).not.toContain("demo");
    expect(await columns("leads")).not.toContain("assignee_id");
    expect(await columns("car_sales")).not.toContain("sale_price");
    await dealerSettings.up(db);
    expect(await columns("hero_slides")).toContain("heading");
    await db.destroy();
  });
});
