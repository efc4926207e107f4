import { sql } from "kysely";
import {
  ACTIVITY_ACTIONS,
  type ActivityAction,
  type ActivityChange,
  type ActivityKind,
  changesText,
  parseChanges,
} from "~/lib/activity";
import { withAddressesHidden } from "~/lib/notifications";
import { getDb, nowIso } from "../../db/database.server";
import type { Db } from "./db.server";

/**
 * The audit trail: every admin write (cars, admins, leads) with who, when, what and the thing it
 * touched. Use cases record the entry inside the write's transaction, so a change and its entry
 * are kept together or not at all. The log is append-only: this
 * module only adds and reads, and triggers in the database refuse any UPDATE or DELETE of it.
 */

export interface ActivityEntry {
  id: number;
  created_at: string;
  admin_username: string;
  action: string;
  target_kind: ActivityKind;
  target_id: string | null;
  target_label: string | null;
  detail: string | null;
  /** The fields the write changed, with old and new values (secrets only named). */
  changes: ActivityChange[];
}

export interface ActivityInput {
  action: ActivityAction;
  /** What it touched: a car's id, an admin's username, a lead as "<kind>/<id>". */
  target: { id: string | number | null; label?: string | null };
  /** A word more: e.g. "status new → contacted". */
  detail?: string | null;
  /**
   * The fields changed, old and new (app/lib/activity.ts changeList, which keeps secrets out).
   * Stored as a list; without a `detail`, the detail is the same list in one line.
   */
  changes?: ActivityChange[];
}

/**
 * Adds an entry for the admin's write, in the write's transaction (`trx`, from runWrite). A failure
 * throws, so the whole write rolls back: no change is kept without its entry.
 */
export async function recordActivity(
  trx: Db,
  admin: { id: number; username: string },
  input: ActivityInput,
): Promise<void> {
  const entry = {
    created_at: nowIso(),
    admin_id: admin.id,
    admin_username: admin.username,
    action: input.action,
    target_kind: ACTIVITY_ACTIONS[input.action].kind,
    target_id: input.target.id === null ? null : String(input.target.id),
    target_label: input.target.label ?? null,
    detail: input.detail ?? (input.changes?.length ? changesText(input.changes) : null),
    changes: input.changes?.length ? JSON.stringify(input.changes) : null,
  };
  await trx.insertInto("activity").values(entry).execute();
}

/**
 * Entries about notifications name a webhook by its host only, since its address works as a
 * password and every admin reads the trail. Entries written before that rule carry the whole
 * address; they stay as stored (the trail is append-only) and are shown with it reduced to its host.
 */
const NAMES_WEBHOOKS = new Set<string>(["notifications.update", "outbox.resend"]);

type StoredEntry = Omit<ActivityEntry, "changes"> & { changes: string | null };

function shown(stored: StoredEntry): ActivityEntry {
  const entry = { ...stored, changes: parseChanges(stored.changes) };
  if (!NAMES_WEBHOOKS.has(entry.action)) return entry;
  return {
    ...entry,
    target_label: entry.target_label === null ? null : withAddressesHidden(entry.target_label),
    detail: entry.detail === null ? null : withAddressesHidden(entry.detail),
  };
}

export interface ActivityFilters {
  admin?: string;
  kind?: ActivityKind;
}

function filtered(f: ActivityFilters) {
  let q = getDb().selectFrom("activity");
  if (f.admin) q = q.where(sql<boolean>`activity.admin_username = ${f.admin} COLLATE NOCASE`);
  if (f.kind) q = q.where("activity.target_kind", "=", f.kind);
  return q;
}

const ENTRY_COLUMNS = [
  "id",
  "created_at",
  "admin_username",
  "action",
  "target_kind",
  "target_id",
  "target_label",
  "detail",
  "changes",
] as const;

const NEWEST = sql`activity.created_at DESC, activity.id DESC`;

/** The statements behind a page of the trail (for the query-plan test). */
export function activityQueries(filters: ActivityFilters, { limit, offset }: { limit: number; offset: number }) {
  return {
    count: filtered(filters).select((eb) => eb.fn.countAll<number>().as("n")),
    ids: filtered(filters).select("activity.id").orderBy(NEWEST).limit(limit).offset(offset),
  };
}

/** One page of the trail, newest first; a page past the end gives the last page. */
export async function pageActivity(
  filters: ActivityFilters,
  page: number,
  pageSize: number,
): Promise<{ entries: ActivityEntry[]; total: number; page: number; pageCount: number }> {
  const { n } = await activityQueries(filters, { limit: 1, offset: 0 }).count.executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const { ids } = activityQueries(filters, { limit: pageSize, offset: (current - 1) * pageSize });
  const entries = await getDb()
    .selectFrom("activity")
    .select(ENTRY_COLUMNS)
    .where("activity.id", "in", ids)
    .orderBy(NEWEST)
    .execute();
  return { entries: entries.map(shown), total, page: current, pageCount };
}

/** Everyone who appears in the trail (removed admins too), for the filter. */
export async function activityAdmins(): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("activity")
    .select(sql<string>`admin_username COLLATE NOCASE`.as("username"))
    .distinct()
    .orderBy("username")
    .execute();
  return rows.map((r) => r.username);
}

/** The latest entries about one thing (a lead's history on its page), newest first. */
export async function activityFor(kind: ActivityKind, id: string, limit = 20): Promise<ActivityEntry[]> {
  return getDb()
    .selectFrom("activity")
    .select(ENTRY_COLUMNS)
    .where("target_kind", "=", kind)
    .where("target_id", "=", id)
    .orderBy(NEWEST)
    .limit(limit)
    .execute()
    .then((entries) => entries.map(shown));
}

/** A car as an entry's target: its id and name ("Toyota Camry 2020"); read before a delete. */
export async function carTarget(id: number, db: Db): Promise<{ id: number; label: string | null }> {
  const car = await db.selectFrom("cars").select(["make", "model", "year"]).where("id", "=", id).executeTakeFirst();
  return { id, label: car ? `${car.make} ${car.model} ${car.year}` : null };
}
