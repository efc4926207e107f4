import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import * as availabilityAlerts from "../migrations/2026-11-27-0026-availability-alerts";
import { migrations } from "../migrations/index";

const NAME = "2026-11-27-0026-availability-alerts";
const AT = "2026-11-01T10:00:00.000Z";

/** A database as it was before the migration (foreign keys on, as the site runs), with two alerts and a match. */
async function before(): Promise<{ db: Kysely<any>; sqlite: Database.Database }> {
  const sqlite = new Database(":memory:");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  for (const [name, migration] of Object.entries(migrations)) {
    if (name === NAME) break;
    await migration.up(db);
  }
  // A car with every required column filled (their list changes with the car's migrations).
  const required = (
    sqlite.prepare("SELECT name, type FROM pragma_table_info('cars') WHERE \"notnull\" = 1 AND pk = 0").all() as {
      name: string;
      type: string;
    }[]
  ).map((c) => [c.name, /INT|REAL|NUM/i.test(c.type) ? 1 : "x"] as const);
  sqlite
    .prepare(
      `INSERT INTO cars (id, ${required.map(([n]) => n).join(", ")}) VALUES (7, ${required.map(() => "?").join(", ")})`,
    )
    .run(...required.map(([, v]) => v));
  sqlite.exec(`
    INSERT INTO alert_contacts (email, manage_token, created_at) VALUES ('ada@example.com', 'm1', '${AT}');
    INSERT INTO buyer_alerts (id, email, kind, search, status, leave_token, created_at)
      VALUES (3, 'ada@example.com', 'search', 'make=Kia', 'active', 'l1', '${AT}');
    INSERT INTO buyer_alerts (id, email, kind, car_id, status, leave_token, created_at)
      VALUES (4, 'ada@example.com', 'price', 7, 'pending', 'l2', '${AT}');
    INSERT INTO alert_matches (alert_id, car_id, created_at) VALUES (3, 7, '${AT}');
  `);
  return { db, sqlite };
}

const state = (sqlite: Database.Database) => ({
  alerts: sqlite.prepare("SELECT id, kind, car_id, status FROM buyer_alerts ORDER BY id").all(),
  matches: sqlite.prepare("SELECT alert_id, car_id FROM alert_matches").all(),
  indexes: sqlite
    .prepare("SELECT name FROM sqlite_master WHERE tbl_name = 'buyer_alerts' AND type = 'index' ORDER BY name")
    .all(),
});

describe(`migration ${NAME}`, () => {
  it("lets an alert be 'available', keeping alerts, matches and indexes; down() undoes it", async () => {
    const { db, sqlite } = await before();
    const was = state(sqlite);
    await availabilityAlerts.up(db);
    expect(state(sqlite)).toEqual(was);
    sqlite
      .prepare(
        "INSERT INTO buyer_alerts (email, kind, car_id, leave_token, created_at) " +
          "VALUES ('ada@example.com', 'available', 7, 'l3', ?)",
      )
      .run(AT);
    expect(() =>
      sqlite
        .prepare(
          "INSERT INTO buyer_alerts (email, kind, leave_token, created_at) " +
            "VALUES ('ada@example.com', 'other', 'l4', ?)",
        )
        .run(AT),
    ).toThrow(/CHECK constraint failed/);
    expect(sqlite.pragma("foreign_key_check")).toEqual([]);
    // Deleting an alert still takes its matches with it.
    sqlite.prepare("DELETE FROM buyer_alerts WHERE id = 3").run();
    expect(sqlite.prepare("SELECT count(*) AS n FROM alert_matches").get()).toEqual({ n: 0 });
    await availabilityAlerts.down(db);
    expect(sqlite.prepare("SELECT id, kind FROM buyer_alerts ORDER BY id").all()).toEqual([{ id: 4, kind: "price" }]);
    await availabilityAlerts.up(db);
  });
});
