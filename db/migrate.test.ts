import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "../migrations/index";
import { getDb } from "./database.server";
import { migrateToLatest } from "./migrate";

describe("migrations", () => {
  it("create every table of the design and are idempotent", async () => {
    expect(await migrateToLatest()).toEqual([]); // setup already ran them
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(getDb());
    const names = tables.rows.map((r) => r.name);
    for (const t of [
      "cars", "car_images", "car_sales", "newsletter_subscriptions", "inspections", "contact_messages",
      "loan_applications", "client_infos", "admins", "sessions",
    ]) {
      expect(names).toContain(t);
    }
  });

  it("sets the durability pragmas", async () => {
    const db = getDb();
    const one = async (p: string) => Object.values((await sql.raw(`pragma ${p}`).execute(db)).rows[0] as object)[0];
    expect(await one("journal_mode")).toBe("wal");
    expect(await one("foreign_keys")).toBe(1);
    expect(await one("synchronous")).toBe(2); // FULL
    expect(await one("busy_timeout")).toBe(5000);
  });

  it("have names that sort in the order they are registered", () => {
    const names = Object.keys(migrations);
    expect([...names].sort()).toEqual(names);
  });
});
