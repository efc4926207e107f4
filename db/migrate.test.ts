import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import * as initial from "../migrations/2026-11-21-0001-initial";
import * as loanReference from "../migrations/2026-11-22-0002-loan-application-reference";
import { migrations } from "../migrations/index";
import { getDb } from "./database.server";
import { migrateToLatest } from "./migrate";

describe("migrations", () => {
  it("create every table of the design and are idempotent", async () => {
    expect(await migrateToLatest()).toEqual([]); // setup already ran them
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(getDb());
    const names = tables.rows.map((r) => r.name);
    for (const t of [
      "cars",
      "car_images",
      "car_sales",
      "newsletter_subscriptions",
      "inspections",
      "contact_messages",
      "loan_applications",
      "client_infos",
      "admins",
      "sessions",
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

describe("migration 2026-11-22-0002-loan-application-reference", () => {
  /** A database as it was before the migration, holding three loan applications. */
  async function beforeReferences(): Promise<Kysely<any>> {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
    await initial.up(db);
    for (const car_name of ["Toyota Camry 2020 Black", "Kia Rio 2019 Red", "Lexus RX 350 2018 White"]) {
      await db
        .insertInto("loan_applications")
        .values({
          car_name,
          loan_amount: 1_000_000,
          initial_deposit: 400_000,
          loan_period: "3 months",
          monthly_repayment: 200_000,
          created_at: "2026-11-01T10:00:00.000Z",
        })
        .execute();
    }
    return db;
  }
  const columns = async (db: Kysely<any>) =>
    (await sql<{ name: string }>`pragma table_info(loan_applications)`.execute(db)).rows.map((r) => r.name);
  const references = async (db: Kysely<any>) =>
    (await db.selectFrom("loan_applications").select("reference").orderBy("id").execute()).map(
      (r) => r.reference as string,
    );

  it("backfills every existing row with a distinct random reference and keeps references unique", async () => {
    const db = await beforeReferences();
    await loanReference.up(db);
    const refs = await references(db);
    expect(refs).toHaveLength(3);
    for (const ref of refs) expect(ref).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(refs).size).toBe(3);
    const duplicate = db
      .insertInto("loan_applications")
      .values({
        car_name: "Copy",
        loan_amount: 1,
        initial_deposit: 0.4,
        loan_period: "3 months",
        monthly_repayment: 0.2,
        created_at: "2026-11-02T10:00:00.000Z",
        reference: refs[0],
      })
      .execute();
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await db.destroy();
  });

  it("down() removes the column and index, and up() runs again on the same rows", async () => {
    const db = await beforeReferences();
    await loanReference.up(db);
    const first = await references(db);
    await loanReference.down(db);
    expect(await columns(db)).not.toContain("reference");
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and name = 'loan_applications_reference'`.execute(db);
    expect(indexes.rows).toEqual([]);
    expect(await db.selectFrom("loan_applications").select("id").execute()).toHaveLength(3);
    await loanReference.up(db);
    const again = await references(db);
    expect(new Set(again).size).toBe(3);
    for (const ref of again) expect(ref).toMatch(/^[0-9a-f]{32}$/);
    expect(again).not.toEqual(first);
    await db.destroy();
  });

  it("is part of the migrated test database", async () => {
    expect(await columns(getDb())).toContain("reference");
  });
});
