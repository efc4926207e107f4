import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "../migrations/index";

const NAME = "2026-11-27-0023-whatsapp-outbox";

/** A database migrated up to the one before WhatsApp, holding an email and a webhook in the outbox. */
async function beforeWhatsapp(): Promise<Kysely<any>> {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
  for (const [name, m] of Object.entries(migrations)) {
    if (name === NAME) break;
    await m.up(db);
  }
  const row = (id: number, channel: string, status: string) => ({
    id,
    created_at: `2026-11-2${id}T10:00:00.000Z`,
    channel,
    topic: channel === "email" ? "staff-alert" : "webhook",
    lead_kind: "inspection",
    lead_id: id,
    recipient: channel === "email" ? "desk@example.ng" : "https://hooks.example.com/x",
    subject: `Message ${id}`,
    payload: "{}",
    signature: channel === "webhook" ? "sha256=ab" : null,
    status,
    attempts: 2,
    next_attempt_at: "2026-11-27T10:00:00.000Z",
    last_error: status === "failed" ? "550 No such user here" : null,
    sent_at: status === "sent" ? "2026-11-27T09:00:00.000Z" : null,
    updated_at: "2026-11-27T09:00:00.000Z",
  });
  await db
    .insertInto("outbox")
    .values([row(3, "email", "failed"), row(7, "webhook", "sent")])
    .execute();
  return db;
}

describe(`migration ${NAME}`, () => {
  it("keeps every row as it was, with its id, and lets WhatsApp messages in", async () => {
    const db = await beforeWhatsapp();
    const before = await db.selectFrom("outbox").selectAll().orderBy("id").execute();
    await expect(
      sql`INSERT INTO outbox (created_at, channel, topic, recipient, subject, payload, next_attempt_at, updated_at)
          VALUES ('x', 'whatsapp', 'staff-alert', '2348035550142', 's', '{}', 'x', 'x')`.execute(db),
    ).rejects.toThrow(/CHECK constraint failed/);

    await migrations[NAME].up(db);
    expect(await db.selectFrom("outbox").selectAll().orderBy("id").execute()).toEqual(before);
    await sql`INSERT INTO outbox (created_at, channel, topic, recipient, subject, payload, next_attempt_at, updated_at)
              VALUES ('x', 'whatsapp', 'staff-alert', '2348035550142', 's', '{}', 'x', 'x')`.execute(db);
    // A new row follows the copied ones; the three indexes are there again.
    const added = await db
      .selectFrom("outbox")
      .select(["id", "status", "attempts"])
      .where("channel", "=", "whatsapp")
      .execute();
    expect(added).toEqual([{ id: 8, status: "queued", attempts: 0 }]);
    const indexes = await sql<{
      name: string;
    }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' ORDER BY name`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toEqual(["outbox_created", "outbox_queued_due", "outbox_status_created"]);
    await expect(
      sql`INSERT INTO outbox (created_at, channel, topic, recipient, subject, payload, next_attempt_at, updated_at)
          VALUES ('x', 'sms', 'staff-alert', '1', 's', '{}', 'x', 'x')`.execute(db),
    ).rejects.toThrow(/CHECK constraint failed/);

    await migrations[NAME].down?.(db);
    expect(await db.selectFrom("outbox").selectAll().orderBy("id").execute()).toEqual(before);
    await db.destroy();
  });
});
