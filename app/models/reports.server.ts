import { sql } from "kysely";
import { lagosDayEnd, lagosDayStart, monthsBetween } from "~/lib/lagos-time";
import {
  ANSWERABLE_KINDS,
  type AnswerableKind,
  type LeadKind,
  SIGNAL_KINDS,
  type SignalKind,
  STATUS_CHANGE_PREFIX,
} from "~/lib/leads";
import { median, type ReportFigures, type StaffResponse } from "~/lib/report";
import { getDb } from "../../db/database.server";

/**
 * The Reports page: stock on hand, sales per month, days from listing to sale, leads per kind
 * per month and the share of leads won (leads a person can answer; WhatsApp clicks and newsletter
 * sign-ups apart, unfinished loan applications not at all), and how long each staff member took
 * to first change a lead's status, deposits taken and reservations converted, over a range of
 * Lagos calendar days (both ends included; months are Lagos months: Lagos keeps UTC+1 all year).
 */

export interface ReportRange {
  from: string; // YYYY-MM-DD
  to: string; // YYYY-MM-DD
}

export type Report = ReportFigures;

/** The SQL month (Lagos) of a stored UTC timestamp column. */
const lagosMonth = (column: string) => sql<string>`strftime('%Y-%m', ${sql.ref(column)}, '+1 hours')`;

export async function buildReport(range: ReportRange): Promise<Report> {
  const db = getDb();
  const start = lagosDayStart(range.from);
  const end = lagosDayEnd(range.to);
  const months = monthsBetween(range.from, range.to);
  const index = new Map(months.map((m, i) => [m, i]));
  const perMonth = () => months.map(() => 0);

  const stock = await db
    .selectFrom("cars")
    .select([(eb) => eb.fn.countAll<number>().as("n"), sql<number>`coalesce(sum(price), 0)`.as("value")])
    .where(sql<boolean>`cars.sold = 0`)
    .executeTakeFirstOrThrow();

  const salesRows = await db
    .selectFrom("car_sales")
    .select([
      lagosMonth("date_sold").as("month"),
      (eb) => eb.fn.countAll<number>().as("n"),
      // The agreed price of the sale; the list price for sales recorded before prices were asked.
      sql<number>`coalesce(sum(coalesce(sale_price, price)), 0)`.as("value"),
      sql<number>`sum(coalesce(sale_price, price) IS NULL)`.as("unpriced"),
    ])
    .where("date_sold", ">=", start)
    .where("date_sold", "<", end)
    .groupBy("month")
    .execute();
  const sales = { count: perMonth(), value: perMonth(), totalCount: 0, totalValue: 0, withoutPrice: 0 };
  for (const r of salesRows) {
    const i = index.get(r.month);
    if (i === undefined) continue;
    sales.count[i] = Number(r.n);
    sales.value[i] = Number(r.value);
    sales.totalCount += Number(r.n);
    sales.totalValue += Number(r.value);
    sales.withoutPrice += Number(r.unpriced);
  }

  const days = await db
    .selectFrom("car_sales")
    .select(sql<number | null>`avg(julianday(date_sold) - julianday(listed_at))`.as("days"))
    .where("date_sold", ">=", start)
    .where("date_sold", "<", end)
    .where("listed_at", "is not", null)
    .executeTakeFirstOrThrow();

  const leadRows = await db
    .selectFrom("leads")
    .select([
      "kind",
      "category",
      lagosMonth("created_at").as("month"),
      (eb) => eb.fn.countAll<number>().as("n"),
      sql<number>`sum(status = 'won')`.as("won"),
    ])
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy(["kind", "category", "month"])
    .execute();
  const byKind = Object.fromEntries(ANSWERABLE_KINDS.map((k) => [k, perMonth()])) as Record<AnswerableKind, number[]>;
  const signals = Object.fromEntries(SIGNAL_KINDS.map((k) => [k, perMonth()])) as Record<SignalKind, number[]>;
  let total = 0;
  let won = 0;
  let incomplete = 0;
  const isAnswerable = (kind: LeadKind): kind is AnswerableKind =>
    (ANSWERABLE_KINDS as readonly string[]).includes(kind);
  const isSignal = (kind: LeadKind): kind is SignalKind => (SIGNAL_KINDS as readonly string[]).includes(kind);
  for (const r of leadRows) {
    const i = index.get(r.month);
    if (i === undefined) continue;
    const n = Number(r.n);
    if (r.category === "incomplete") incomplete += n;
    else if (r.category === "lead" && isAnswerable(r.kind)) {
      byKind[r.kind][i] += n;
      total += n;
      won += Number(r.won);
    } else if (isSignal(r.kind)) signals[r.kind][i] += n;
  }

  const depositRows = await db
    .selectFrom("reservations")
    .select([
      lagosMonth("paid_at").as("month"),
      (eb) => eb.fn.countAll<number>().as("n"),
      sql<number>`coalesce(sum(amount), 0)`.as("value"),
      sql<number>`sum(status IN ('refunded', 'needs_refund'))`.as("refunds"),
    ])
    .where("paid_at", ">=", start)
    .where("paid_at", "<", end)
    .groupBy("month")
    .execute();
  const convertedRows = await db
    .selectFrom("car_sales")
    .select([lagosMonth("date_sold").as("month"), (eb) => eb.fn.countAll<number>().as("n")])
    .where("date_sold", ">=", start)
    .where("date_sold", "<", end)
    .where("reservation_reference", "is not", null)
    .groupBy("month")
    .execute();
  const reservations = {
    deposits: perMonth(),
    depositValue: perMonth(),
    totalDeposits: 0,
    totalDepositValue: 0,
    refunds: 0,
    converted: perMonth(),
    totalConverted: 0,
  };
  for (const r of depositRows) {
    const i = index.get(r.month);
    if (i === undefined) continue;
    reservations.deposits[i] = Number(r.n);
    reservations.depositValue[i] = Number(r.value);
    reservations.totalDeposits += Number(r.n);
    reservations.totalDepositValue += Number(r.value);
    reservations.refunds += Number(r.refunds);
  }
  for (const r of convertedRows) {
    const i = index.get(r.month);
    if (i === undefined) continue;
    reservations.converted[i] = Number(r.n);
    reservations.totalConverted += Number(r.n);
  }

  return {
    range,
    months,
    stock: { count: Number(stock.n), value: Number(stock.value) },
    sales: {
      ...sales,
      averageDaysToSale: days.days === null ? null : Math.round(Number(days.days) * 10) / 10,
    },
    leads: { byKind, total, won, wonShare: total ? won / total : null, incomplete },
    signals,
    reservations,
    firstResponse: await firstResponses(start, end),
  };
}

/** Each lead of [start, end) a person can answer, with who first changed its status and after how long (ms). */
export function firstResponseQuery(start: string, end: string) {
  return sql<{ staff: string | null; ms: number | null }>`
    SELECT a.admin_username AS staff,
      CAST(round((julianday(a.created_at) - julianday(l.created_at)) * 86400000) AS INTEGER) AS ms
    FROM leads AS l
    LEFT JOIN activity AS a ON a.id = (
      SELECT f.id FROM activity AS f
      WHERE f.target_kind = 'lead' AND f.target_id = l.kind || '/' || l.source_id
        AND f.action = 'lead.update' AND f.detail LIKE ${`${STATUS_CHANGE_PREFIX}%`}
        AND f.created_at >= l.created_at
      ORDER BY f.created_at, f.id
      LIMIT 1
    )
    WHERE l.created_at >= ${start} AND l.created_at < ${end} AND l.category = 'lead'
  `;
}

/**
 * How long leads waited for their first status change, per staff member: for each lead received
 * in [start, end) that a person can answer, the first entry of its history (the activity trail)
 * that changed its status, made after the lead arrived; the median of those waits per staff
 * member who made the change, and over everyone. Leads whose status never changed are counted
 * as not yet answered. Each lead's first change is one seek of the activity_target index.
 */
async function firstResponses(start: string, end: string): Promise<ReportFigures["firstResponse"]> {
  const rows = await firstResponseQuery(start, end).execute(getDb());
  const waits = new Map<string, number[]>();
  let unanswered = 0;
  for (const r of rows.rows) {
    if (r.staff === null || r.ms === null) {
      unanswered += 1;
      continue;
    }
    waits.set(r.staff, [...(waits.get(r.staff) ?? []), Number(r.ms)]);
  }
  const staff: StaffResponse[] = [...waits]
    .map(([username, ms]) => ({ staff: username, answered: ms.length, medianMs: median(ms) ?? 0 }))
    .sort((a, b) => a.staff.localeCompare(b.staff));
  const all = [...waits.values()].flat();
  return { staff, answered: all.length, unanswered, medianMs: median(all) };
}
