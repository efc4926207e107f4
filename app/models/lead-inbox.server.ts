import { type Selectable, sql } from "kysely";
import { CSV_EXPORT_BATCH } from "~/config/constants";
import { env, siteOrigin } from "~/config/env.server";
import { carPath } from "~/lib/car";
import { lagosDayEnd, lagosDayStart } from "~/lib/lagos-time";
import type {
  LeadCar,
  LeadCategory,
  LeadFilters,
  LeadKind,
  LeadReservationColumns,
  LeadStatus,
  LeadUpdate,
} from "~/lib/leads";
import { roundMoney } from "~/lib/loan-math";
import { getDb, nowIso } from "../../db/database.server";
import type { LeadsTable } from "../../db/schema";
import { searchWords } from "./car.server";
import { atomically, type Db } from "./db.server";

/**
 * The dealer's leads inbox. Every lead of every kind has one row in the `leads` registry, which
 * triggers on the lead tables fill in the same transaction as the lead is stored (migration
 * 2026-11-22-0004-leads-desk); the status, note and who changed them live only there. The
 * inbox's queries read the registry through its indexes; a lead's detail reads its source rows.
 *
 * A lead is named by its kind and its id: the id of the row it came from (the booking, the
 * message, the subscription, the click, the loan application; a loan lead made of client
 * information sent without a loan application has the negative of that record's id).
 */

/** A lead as the inbox and the API list it. */
export interface Lead {
  id: number;
  kind: LeadKind;
  /** What the figures count it as: a lead to answer, a signal (click, sign-up), an incomplete loan. */
  category: LeadCategory;
  status: LeadStatus;
  created_at: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  car_id: number | null;
  /** The car the lead is about, by name and with a link to its page; null when it names none. */
  car: LeadCar | null;
  summary: string;
  note: string | null;
  updated_by: string | null;
  updated_at: string | null;
  /** The staff member the lead is assigned to (their username), or null. */
  assignee: string | null;
  /** Their display name and phone (+234…), when they gave them. */
  assignee_name: string | null;
  assignee_phone: string | null;
}

export type LeadFieldValue = string | number | null;

/** A lead with everything the buyer sent. */
export interface LeadDetail extends Lead {
  /** The buyer's own fields, as stored (for a loan: the application's figures and the amount financed). */
  fields: Record<string, LeadFieldValue>;
  /** A loan lead's client information, when it was sent. */
  client: Record<string, LeadFieldValue> | null;
}

interface CarColumns {
  car_make: string | null;
  car_model: string | null;
  car_year: number | null;
  car_sold: number | null;
  /** The car's name as the lead recorded it, read only when the car is gone. */
  car_recorded: string | null;
}
type LeadRow = Selectable<LeadsTable> & {
  assignee: string | null;
  assignee_name?: string | null;
  assignee_phone?: string | null;
} & CarColumns;

/** The assignee's username beside the registry's columns. */
const ASSIGNEE = sql<string | null>`(SELECT username FROM admins WHERE admins.id = leads.assignee_id)`.as("assignee");
/** The assignee's display name and phone, shown on the lead and in the inbox. */
const ASSIGNEE_DETAILS = [
  sql<string | null>`(SELECT display_name FROM admins WHERE admins.id = leads.assignee_id)`.as("assignee_name"),
  sql<string | null>`(SELECT phone FROM admins WHERE admins.id = leads.assignee_id)`.as("assignee_phone"),
];

/**
 * The lead's car beside the registry's columns (the query joins `cars` on leads.car_id): its name
 * now, or, when it was deleted, the name the lead's own row recorded (a click's label, a loan's car
 * name, a booking's make and model). Each is one primary-key lookup.
 */
const CAR_COLUMNS = [
  "cars.make as car_make",
  "cars.model as car_model",
  "cars.year as car_year",
  "cars.sold as car_sold",
  sql<string | null>`CASE WHEN leads.car_id IS NOT NULL AND cars.id IS NULL THEN CASE leads.kind
      WHEN 'whatsapp' THEN (SELECT w.car_label FROM whatsapp_clicks AS w WHERE w.id = leads.source_id)
      WHEN 'loan' THEN (SELECT a.car_name FROM loan_applications AS a WHERE a.id = leads.source_id)
      WHEN 'inspection' THEN
        (SELECT i.car_make || ' ' || i.car_model FROM inspections AS i WHERE i.id = leads.source_id)
    END END`.as("car_recorded"),
] as const;

/** The registry's rows with their assignee and car, for the ids of `where`. */
function leadRows(db: Db = getDb()) {
  return db
    .selectFrom("leads")
    .leftJoin("cars", "cars.id", "leads.car_id")
    .selectAll("leads")
    .select(ASSIGNEE)
    .select(ASSIGNEE_DETAILS)
    .select(CAR_COLUMNS);
}

/**
 * The car a lead names, as lists and exports show it: its name and page while it exists, else the
 * name the lead recorded (`recorded`) or "Car 12".
 */
export function carLink(
  carId: number | null,
  car: { make: string; model: string; year: number; sold: boolean } | null,
  recorded: string | null,
): LeadCar | null {
  if (carId === null) return null;
  if (!car) return { id: carId, title: recorded ?? `Car ${carId}`, exists: false, sold: false, url: null };
  return {
    id: carId,
    title: `${car.make} ${car.model} ${car.year}`,
    exists: true,
    sold: car.sold,
    url: `${siteOrigin(env())}${carPath({ id: carId, ...car })}`,
  };
}

function leadCar(row: LeadRow): LeadCar | null {
  const listed =
    row.car_make === null || row.car_model === null || row.car_year === null
      ? null
      : { make: row.car_make, model: row.car_model, year: row.car_year, sold: row.car_sold === 1 };
  return carLink(row.car_id, listed, row.car_recorded);
}

function toLead(row: LeadRow): Lead {
  return {
    id: row.source_id,
    kind: row.kind,
    category: row.category,
    status: row.status,
    created_at: row.created_at,
    name: row.name,
    phone: row.phone,
    email: row.email,
    car_id: row.car_id,
    car: leadCar(row),
    summary: row.summary,
    note: row.note,
    updated_by: row.updated_by,
    updated_at: row.updated_at,
    assignee: row.assignee,
    assignee_name: row.assignee_name ?? null,
    assignee_phone: row.assignee_phone ?? null,
  };
}

/**
 * The FTS5 expression for a free-text search: every word as a prefix. A search made only of a
 * phone number's characters ("0803 555 0142", "+234 803-555") is one run of digits, which the
 * registry holds in the +234, 0 and ten-digit writings. Null when there is nothing to search.
 */
export function leadSearchMatch(text: string | undefined): string | null {
  const q = (text ?? "").trim();
  if (!q) return null;
  if (/^[\d\s+().-]+$/.test(q)) {
    const digits = q.replace(/\D/g, "").replace(/^00/, "");
    if (digits) return `"${digits}"*`;
  }
  const words = q.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(" AND ") : null;
}

/**
 * The leads staff member `who` (an id) may see: assigned to them, or new and assigned to nobody
 * (LeadFilters.visibleTo; an owner's lists have no such limit).
 */
export function visibleTo(who: number) {
  return sql<boolean>`(leads.assignee_id = ${who} OR (leads.assignee_id IS NULL AND leads.status = 'new'))`;
}

/**
 * The ids of the cars a typed name or stock number means: the car with that stock number (any
 * letter case), or the cars whose make, model and year hold every word ("Camry", "toyota camry
 * 2019"), through the search index.
 */
function carsNamed(text: string) {
  const words = searchWords(text);
  const byNumber = sql`SELECT id FROM cars WHERE stock_number = ${text} COLLATE NOCASE`;
  if (words.length === 0) return byNumber;
  const match = `{make model year} : (${words.map((w) => `"${w}"*`).join(" AND ")})`;
  return sql`${byNumber} UNION SELECT rowid FROM cars_fts WHERE cars_fts MATCH ${match}`;
}

function filtered(f: LeadFilters) {
  let q = getDb().selectFrom("leads");
  const who = f.visibleTo;
  if (who !== undefined) q = q.where(visibleTo(who));
  if (f.category && f.category !== "all") q = q.where("leads.category", "=", f.category);
  if (f.kind) q = q.where("leads.kind", "=", f.kind);
  if (f.status) q = q.where("leads.status", "=", f.status);
  if (typeof f.car === "number") q = q.where("leads.car_id", "=", f.car);
  else if (f.car !== undefined) q = q.where(sql<boolean>`leads.car_id IN (${carsNamed(f.car)})`);
  if (f.from) q = q.where("leads.created_at", ">=", lagosDayStart(f.from));
  if (f.to) q = q.where("leads.created_at", "<", lagosDayEnd(f.to));
  const match = leadSearchMatch(f.q);
  if (match) q = q.where(sql<boolean>`leads.id IN (SELECT rowid FROM leads_fts WHERE leads_fts MATCH ${match})`);
  if (f.assignee === "none") q = q.where("leads.assignee_id", "is", null);
  else if (f.assignee) {
    const who = f.assignee;
    q = q.where("leads.assignee_id", "=", sql<number>`(SELECT id FROM admins WHERE username = ${who} COLLATE NOCASE)`);
  }
  return q;
}

/** Newest first; the registry id breaks ties so paging is stable. */
const NEWEST = sql`leads.created_at DESC, leads.id DESC`;

/**
 * The two statements behind a page of the inbox: how many leads match, and the registry ids of
 * one page, newest first, read from an index alone (no row is read for the leads OFFSET skips).
 */
export function leadQueries(filters: LeadFilters, { limit, offset }: { limit: number; offset: number }) {
  const count = filtered(filters).select((eb) => eb.fn.countAll<number>().as("n"));
  const ids = filtered(filters).select("leads.id").orderBy(NEWEST).limit(limit).offset(offset);
  return { count, ids };
}

export interface LeadPage {
  leads: Lead[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * One page of leads matching the filters, newest first. A page past the end gives the last page
 * (`clamp`, for the inbox) or nothing (the API).
 */
export async function pageLeads(
  filters: LeadFilters,
  page: number,
  pageSize: number,
  { clamp = true }: { clamp?: boolean } = {},
): Promise<LeadPage> {
  const { n } = await leadQueries(filters, { limit: 1, offset: 0 }).count.executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = clamp ? Math.min(Math.max(1, page), pageCount) : Math.max(1, page);
  const { ids } = leadQueries(filters, { limit: pageSize, offset: (current - 1) * pageSize });
  const rows = await leadRows().where("leads.id", "in", ids).orderBy(NEWEST).execute();
  return { leads: rows.map(toLead), total, page: current, pageCount };
}

/** How many leads match (the dashboard's count of new leads). */
export async function countLeads(filters: LeadFilters): Promise<number> {
  const { n } = await leadQueries(filters, { limit: 1, offset: 0 }).count.executeTakeFirstOrThrow();
  return Number(n);
}

/** A lead as the CSV writes it: a reservation's deposit, reference, status and hold end beside it. */
export type ExportedLead = Lead & { reservation: LeadReservationColumns | null };

/**
 * Every lead matching the filters, newest first, a batch at a time: each batch is one indexed
 * statement that continues after the last lead of the previous one (no OFFSET, no open cursor
 * between batches, so other requests keep using the connection while an export streams).
 */
export async function* leadBatches(filters: LeadFilters, batchSize = CSV_EXPORT_BATCH): AsyncGenerator<ExportedLead[]> {
  let after: { created_at: string; id: number } | null = null;
  for (;;) {
    let q = filtered(filters)
      .leftJoin("cars", "cars.id", "leads.car_id")
      .leftJoin("reservations", (join) =>
        join.onRef("reservations.id", "=", "leads.source_id").on("leads.kind", "=", "reservation"),
      )
      .selectAll("leads")
      .select(ASSIGNEE)
      .select(ASSIGNEE_DETAILS)
      .select(CAR_COLUMNS)
      .select([
        "reservations.amount as r_amount",
        "reservations.reference as r_reference",
        "reservations.status as r_status",
        "reservations.hold_until as r_hold_until",
      ]);
    if (after) {
      const { created_at, id } = after;
      q = q.where(sql<boolean>`(leads.created_at, leads.id) < (${created_at}, ${id})`);
    }
    const rows = await q.orderBy(NEWEST).limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      ...toLead(row),
      reservation:
        row.r_reference === null || row.r_amount === null || row.r_status === null || row.r_hold_until === null
          ? null
          : { amount: row.r_amount, reference: row.r_reference, status: row.r_status, hold_until: row.r_hold_until },
    }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { created_at: last.created_at, id: last.id };
  }
}

async function registryRow(kind: LeadKind, id: number, who?: number): Promise<LeadRow | undefined> {
  let q = leadRows().where("leads.kind", "=", kind).where("leads.source_id", "=", id);
  if (who !== undefined) q = q.where(visibleTo(who));
  return q.executeTakeFirst();
}

const CLIENT_FIELDS = [
  "name",
  "email",
  "phone",
  "age_bracket",
  "client_location",
  "employment_status",
  "income_range",
  "client_id",
  "bvn_available",
  "deposit_available",
  "referral",
  "created_at",
] as const;

/** What the buyer sent, read from the lead's source rows. */
async function sourceFields(
  row: LeadRow,
  db: Db = getDb(),
): Promise<{ fields: Record<string, LeadFieldValue>; client: Record<string, LeadFieldValue> | null }> {
  const id = row.source_id;
  switch (row.kind) {
    case "inspection": {
      const r = await db
        .selectFrom("inspections")
        .select(["name", "phone", "email", "car_make", "car_model", "inspection_date", "other_info"])
        .where("id", "=", id)
        .executeTakeFirst();
      return { fields: r ?? {}, client: null };
    }
    case "contact": {
      const r = await db
        .selectFrom("contact_messages")
        .select(["name", "phone", "email", "message"])
        .where("id", "=", id)
        .executeTakeFirst();
      return { fields: r ?? {}, client: null };
    }
    case "newsletter": {
      const r = await db
        .selectFrom("newsletter_subscriptions")
        .select(["name", "email"])
        .where("id", "=", id)
        .executeTakeFirst();
      return { fields: r ?? {}, client: null };
    }
    case "sourcing": {
      const r = await db
        .selectFrom("sourcing_requests")
        .select(["name", "phone", "car_wanted", "budget", "search"])
        .where("id", "=", id)
        .executeTakeFirst();
      return { fields: r ?? {}, client: null };
    }
    case "reservation": {
      const r = await db
        .selectFrom("reservations")
        .select([
          "name",
          "phone",
          "email",
          "car_label",
          "reference",
          "amount",
          "status as reservation_status",
          "hold_until",
          "paid_at",
          "refund_note",
        ])
        .where("id", "=", id)
        .executeTakeFirst();
      return { fields: r ?? {}, client: null };
    }
    case "whatsapp": {
      const r = await db
        .selectFrom("whatsapp_clicks")
        .select(["car_label", "from_path"])
        .where("id", "=", id)
        .executeTakeFirst();
      return { fields: r ?? {}, client: null };
    }
    case "loan": {
      if (id < 0) {
        const client = await db
          .selectFrom("client_infos")
          .select(CLIENT_FIELDS)
          .where("id", "=", -id)
          .executeTakeFirst();
        return { fields: {}, client: client ?? null };
      }
      const application = await db
        .selectFrom("loan_applications")
        .select(["car_name", "loan_amount", "initial_deposit", "loan_period", "monthly_repayment"])
        .where("id", "=", id)
        .executeTakeFirst();
      // The calculator's "Loan Amount" is the car's price; what the dealer finances is the rest.
      const loan = application && {
        car_name: application.car_name,
        car_price: application.loan_amount,
        initial_deposit: application.initial_deposit,
        amount_financed: roundMoney(application.loan_amount - application.initial_deposit),
        loan_period: application.loan_period,
        monthly_repayment: application.monthly_repayment,
      };
      const client = await db
        .selectFrom("client_infos")
        .select(CLIENT_FIELDS)
        .where("loan_application_id", "=", id)
        .orderBy("id")
        .executeTakeFirst();
      return { fields: loan ?? {}, client: client ?? null };
    }
  }
}

async function detailOf(row: LeadRow, db: Db = getDb()): Promise<LeadDetail> {
  const { fields, client } = await sourceFields(row, db);
  return { ...toLead(row), fields, client };
}

/**
 * One lead with everything the buyer sent; null when there is none, or when `who` (a staff
 * member's id, see LeadFilters.visibleTo) may not see it.
 */
export async function getLead(kind: LeadKind, id: number, who?: number): Promise<LeadDetail | null> {
  const row = await registryRow(kind, id, who);
  return row ? detailOf(row) : null;
}

export interface LeadChange {
  lead: LeadDetail;
  /** What changed ("status", "note", "assignee"); empty when the lead already was so. */
  changed: ("status" | "note" | "assignee")[];
  before: { status: LeadStatus; note: string | null; assignee: string | null };
}

/** A change to a lead as the model takes it: the assignee as a staff member's id (null: nobody). */
export type LeadWrite = Omit<LeadUpdate, "assignee"> & { assigneeId?: number | null };

/**
 * Sets a lead's status, note and/or assignee (what `update` leaves out stays), recording who
 * changed it and when. Null when there is no such lead, or when `who` (a staff member's id, see
 * LeadFilters.visibleTo) may not see it; such a staff member who moves a new unassigned lead on
 * (another status) without naming an assignee takes it, so it stays theirs. Nothing is written
 * when nothing changes.
 */
export async function updateLead(
  db: Db,
  kind: LeadKind,
  id: number,
  update: LeadWrite,
  by: string,
  who?: number,
): Promise<LeadChange | null> {
  const result = await atomically(db, async (trx) => {
    let q = trx.selectFrom("leads").selectAll().select(ASSIGNEE).where("kind", "=", kind).where("source_id", "=", id);
    if (who !== undefined) q = q.where(visibleTo(who));
    const row = await q.executeTakeFirst();
    if (!row) return null;
    const before = { status: row.status, note: row.note, assignee: row.assignee };
    const status = update.status ?? row.status;
    const note = update.note === undefined ? row.note : update.note;
    const takes = who !== undefined && row.assignee_id === null && status !== "new";
    const assigneeId = update.assigneeId !== undefined ? update.assigneeId : takes ? who : row.assignee_id;
    const changed: LeadChange["changed"] = [];
    if (status !== row.status) changed.push("status");
    if (assigneeId !== row.assignee_id) changed.push("assignee");
    if (note !== row.note) changed.push("note");
    if (changed.length) {
      await trx
        .updateTable("leads")
        .set({ status, note, assignee_id: assigneeId, updated_by: by, updated_at: nowIso() })
        .where("id", "=", row.id)
        .execute();
    }
    return { id: row.id, changed, before };
  });
  if (!result) return null;
  const row = await leadRows(db).where("leads.id", "=", result.id).executeTakeFirstOrThrow();
  return { lead: await detailOf(row, db), changed: result.changed, before: result.before };
}
