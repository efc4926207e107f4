import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { LEAD_DEDUPE_MS } from "~/config/constants";
import type { InspectionView } from "~/lib/inspection-views";
import type { LoanSubmitted } from "~/lib/lead-messages";
import {
  CLIENT_INFO_FAILURE,
  type ClientInfoInput,
  type ContactInput,
  type InspectionInput,
  type LoanApplicationInput,
  lagosToday,
  normalizeLoanReference,
  UNKNOWN_LOAN_APPLICATION,
} from "~/lib/lead-schemas";
import type { LeadCar } from "~/lib/leads";
import { Refusal } from "~/lib/refusal";
import { getDb, nowIso } from "../../db/database.server";
import type { ClientInfosTable, ContactMessagesTable, InspectionsTable, LoanApplicationsTable } from "../../db/schema";
import type { Db } from "./db.server";
import { carLink, visibleTo } from "./lead-inbox.server";
import { queueLeadMessages } from "./notifications.server";

/**
 * Buyer leads: inspection bookings, contact messages, loan applications and client information.
 * (Newsletter subscriptions live in newsletter.server.ts.)
 */

export type Inspection = Selectable<InspectionsTable>;
export type ContactMessage = Selectable<ContactMessagesTable>;
export type LoanApplication = Selectable<LoanApplicationsTable>;
export type ClientInfo = Selectable<ClientInfosTable>;

/** The car a buyer's form names (by its id), as the form shows it; null when there is no such car. */
export interface FormCar {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  sold: boolean;
}

export async function formCar(id: number | null | undefined): Promise<FormCar | null> {
  if (!id || !Number.isSafeInteger(id) || id <= 0) return null;
  const car = await getDb()
    .selectFrom("cars")
    .select(["id", "make", "model", "year", "price", "sold"])
    .where("id", "=", id)
    .executeTakeFirst();
  return car ? { ...car, sold: car.sold === 1 } : null;
}

/** A booking as the back office lists it: with the car it was made from, by name and with a link. */
export type InspectionListing = Inspection & { car: LeadCar | null };

/** The order of a list of bookings: a view by inspection date, or as received (newest first: the API). */
export type InspectionOrder = InspectionView | "received";

/** Bookings by view; with `who` (a staff member's id, see LeadFilters.visibleTo) only those they may see. */
function inspectionsIn(order: InspectionOrder, today: string, who?: number) {
  const all = getDb().selectFrom("inspections");
  const q =
    who === undefined
      ? all
      : all.where((eb) =>
          eb.exists(
            eb
              .selectFrom("leads")
              .select("leads.id")
              .where("leads.kind", "=", "inspection")
              .whereRef("leads.source_id", "=", "inspections.id")
              .where(visibleTo(who)),
          ),
        );
  if (order === "today") return q.where("inspections.inspection_date", "=", today);
  if (order === "upcoming") return q.where("inspections.inspection_date", ">=", today);
  if (order === "past") return q.where("inspections.inspection_date", "<", today);
  return q;
}

/**
 * One page of inspection bookings and how many there are: by inspection date (Upcoming and Today
 * soonest first, Past latest first; the index inspections_date serves each) or as received.
 * `today` is the Lagos calendar day.
 */
export function inspectionQueries(
  order: InspectionOrder,
  today: string,
  { limit, offset }: { limit: number; offset: number },
  who?: number,
) {
  const count = inspectionsIn(order, today, who).select((eb) => eb.fn.countAll<number>().as("n"));
  const page = inspectionsIn(order, today, who)
    .leftJoin("cars", "cars.id", "inspections.car_id")
    .selectAll("inspections")
    .select(["cars.make as listed_make", "cars.model as listed_model", "cars.year as listed_year"])
    .select("cars.sold as listed_sold")
    .limit(limit)
    .offset(offset);
  const ordered =
    order === "received"
      ? page.orderBy("inspections.created_at", "desc").orderBy("inspections.id", "desc")
      : order === "past"
        ? page.orderBy("inspections.inspection_date", "desc").orderBy("inspections.id", "desc")
        : page.orderBy("inspections.inspection_date", "asc").orderBy("inspections.id", "asc");
  return { count, page: ordered };
}

/** A page of bookings; `who` limits them to what that staff member may see (LeadFilters.visibleTo). */
export async function pageInspections(
  order: InspectionOrder,
  page: number,
  pageSize: number,
  today: string = lagosToday(),
  who?: number,
): Promise<{ rows: InspectionListing[]; total: number }> {
  const { count } = inspectionQueries(order, today, { limit: 1, offset: 0 }, who);
  const { n } = await count.executeTakeFirstOrThrow();
  const rows = await inspectionQueries(
    order,
    today,
    { limit: pageSize, offset: (Math.max(1, page) - 1) * pageSize },
    who,
  ).page.execute();
  return {
    rows: rows.map(({ listed_make, listed_model, listed_year, listed_sold, ...r }) => ({
      ...r,
      car: carLink(
        r.car_id,
        listed_make === null || listed_model === null || listed_year === null
          ? null
          : { make: listed_make, model: listed_model, year: listed_year, sold: listed_sold === 1 },
        `${r.car_make} ${r.car_model}`,
      ),
    })),
    total: Number(n),
  };
}

/** How many bookings are for today and from today on (the back office's tabs; each a seek of inspections_date). */
export async function upcomingInspectionCounts(
  today: string = lagosToday(),
  who?: number,
): Promise<{ today: number; upcoming: number }> {
  const count = async (view: "today" | "upcoming") =>
    Number((await inspectionQueries(view, today, { limit: 1, offset: 0 }, who).count.executeTakeFirstOrThrow()).n);
  const [todays, upcoming] = await Promise.all([count("today"), count("upcoming")]);
  return { today: todays, upcoming };
}

/**
 * The same lead sent again within LEAD_DEDUPE_MS (a double tap, a retried POST on a slow network,
 * a replayed form): same kind, same phone or email, same car and same date or message. The second
 * one is answered with the row the first stored, as a success.
 */
const windowStart = () => new Date(Date.now() - LEAD_DEDUPE_MS).toISOString();

/**
 * Stores an inspection booking (already validated by InspectionSchema), once, with its staff alert
 * and the buyer's confirmation in the outbox; `db` is the use case's transaction. `car_id` is the
 * car it was booked from (the caller has checked that the car exists).
 */
export async function createInspection(db: Db, input: InspectionInput): Promise<Inspection> {
  const same = await db
    .selectFrom("inspections")
    .selectAll()
    .where((eb) => eb.or([eb("email", "=", input.email), eb("phone", "=", input.phone)]))
    .where("car_make", "=", input.car_make)
    .where("car_model", "=", input.car_model)
    .where("inspection_date", "=", input.inspection_date)
    .where((eb) => (input.car_id ? eb("car_id", "=", input.car_id) : eb("car_id", "is", null)))
    .where("created_at", ">=", windowStart())
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (same) return same;
  const row = await db
    .insertInto("inspections")
    .values({
      name: input.name,
      phone: input.phone,
      email: input.email,
      car_make: input.car_make,
      car_model: input.car_model,
      inspection_date: input.inspection_date,
      other_info: input.other_info,
      car_id: input.car_id ?? null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await queueLeadMessages(db, "inspection", row.id);
  return row;
}

/**
 * Stores a message from the Connect page, once, with its outbox messages (`db`: the use case's
 * transaction); `car_id` is the car it is about (checked by the caller).
 */
export async function createContactMessage(db: Db, input: ContactInput): Promise<ContactMessage> {
  const same = await db
    .selectFrom("contact_messages")
    .selectAll()
    .where((eb) => eb.or([eb("email", "=", input.email), eb("phone", "=", input.phone)]))
    .where("message", "=", input.message)
    .where((eb) => (input.car_id ? eb("car_id", "=", input.car_id) : eb("car_id", "is", null)))
    .where("created_at", ">=", windowStart())
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (same) return same;
  const row = await db
    .insertInto("contact_messages")
    .values({ ...input, car_id: input.car_id ?? null, created_at: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
  await queueLeadMessages(db, "contact", row.id);
  return row;
}

/** A new loan application reference: 128 random bits as 32 hex digits (LOAN_REFERENCE_PATTERN). */
export function newLoanReference(): string {
  return randomBytes(16).toString("hex");
}

/**
 * Stores a loan application; `car_id` links it to the financed car when known. Its random
 * `reference` is what URLs and /api/client-info use; the sequential id never leaves the server.
 */
export async function createLoanApplication(
  db: Db,
  input: LoanApplicationInput & { car_id?: number | null },
): Promise<LoanApplication> {
  return db
    .insertInto("loan_applications")
    .values({
      car_id: input.car_id ?? null,
      car_name: input.car_name,
      loan_amount: input.loan_amount,
      initial_deposit: input.initial_deposit,
      loan_period: input.loan_period,
      monthly_repayment: input.monthly_repayment,
      created_at: nowIso(),
      reference: newLoanReference(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The loan application with this reference; null for a missing, malformed or unknown one. */
export async function getLoanApplicationByReference(
  reference: string | null | undefined,
): Promise<LoanApplication | null> {
  const ref = normalizeLoanReference(reference);
  if (!ref) return null;
  return (
    (await getDb().selectFrom("loan_applications").selectAll().where("reference", "=", ref).executeTakeFirst()) ?? null
  );
}

/** A completed loan application's figures and the buyer's phone, for the success message; null otherwise. */
export async function loanReceipt(reference: string | null | undefined): Promise<LoanSubmitted | null> {
  const ref = normalizeLoanReference(reference);
  if (!ref) return null;
  const row = await getDb()
    .selectFrom("loan_applications as a")
    .innerJoin("client_infos as c", "c.loan_application_id", "a.id")
    .select(["a.car_name", "a.loan_amount", "a.initial_deposit", "a.monthly_repayment", "a.loan_period", "c.phone"])
    .where("a.reference", "=", ref)
    .executeTakeFirst();
  return row
    ? {
        carName: row.car_name,
        price: row.loan_amount,
        deposit: row.initial_deposit,
        monthly: row.monthly_repayment,
        period: row.loan_period,
        phone: row.phone,
      }
    : null;
}

/** True when the client information for this loan application has already been sent. */
export async function hasClientInfo(loanApplicationId: number): Promise<boolean> {
  const row = await getDb()
    .selectFrom("client_infos")
    .select("id")
    .where("loan_application_id", "=", loanApplicationId)
    .executeTakeFirst();
  return row !== undefined;
}

export const ALREADY_SUBMITTED = "This loan application has already been submitted";

/**
 * Stores a buyer's client information, linked to its loan application when its reference is
 * given, with its outbox messages (`db`: the use case's transaction). An unknown reference, or one
 * whose client information was already sent, is refused (`invalid`, on `loan_application`).
 */
export async function createClientInfo(db: Db, input: ClientInfoInput): Promise<ClientInfo> {
  const refuse = (message: string) => new Refusal("invalid", CLIENT_INFO_FAILURE, { loan_application: message });
  let appId: number | null = null;
  if (input.loan_application !== undefined) {
    const app = await db
      .selectFrom("loan_applications")
      .select("id")
      .where("reference", "=", input.loan_application)
      .executeTakeFirst();
    if (!app) throw refuse(UNKNOWN_LOAN_APPLICATION);
    appId = app.id;
  }
  const same = await db
    .selectFrom("client_infos")
    .selectAll()
    .where((eb) => eb.or([eb("email", "=", input.email), eb("phone", "=", input.phone)]))
    .where("loan_application_id", "is", appId)
    .where("created_at", ">=", windowStart())
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (same) return same;
  if (appId !== null) {
    const dup = await db
      .selectFrom("client_infos")
      .select("id")
      .where("loan_application_id", "=", appId)
      .executeTakeFirst();
    if (dup) throw refuse(ALREADY_SUBMITTED);
  }
  const clientInfo = await db
    .insertInto("client_infos")
    .values({
      loan_application_id: appId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      age_bracket: input.age_bracket,
      income_range: input.income_range,
      client_location: input.client_location,
      client_id: input.client_id,
      bvn_available: input.bvn_available,
      deposit_available: input.deposit_available,
      employment_status: input.employment_status,
      referral: input.referral,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The loan becomes a lead now: its own id, or minus the client information's without an application.
  await queueLeadMessages(db, "loan", appId ?? -clientInfo.id);
  return clientInfo;
}
