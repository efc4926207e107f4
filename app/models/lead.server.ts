import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { LEAD_DEDUPE_MS } from "~/config/constants";
import {
  type ClientInfoInput,
  type ContactInput,
  type InspectionInput,
  type LoanApplicationInput,
  normalizeLoanReference,
  UNKNOWN_LOAN_APPLICATION,
} from "~/lib/lead-schemas";
import { getDb, nowIso } from "../../db/database.server";
import type { ClientInfosTable, ContactMessagesTable, InspectionsTable, LoanApplicationsTable } from "../../db/schema";
import { queueLeadMessages } from "./notifications.server";
import { wakeOutbox } from "./outbox.server";

/**
 * Buyer leads: inspection bookings, contact messages, loan applications and client information.
 * (Newsletter subscriptions live in newsletter.server.ts.)
 */

export type Inspection = Selectable<InspectionsTable>;
export type ContactMessage = Selectable<ContactMessagesTable>;
export type LoanApplication = Selectable<LoanApplicationsTable>;
export type ClientInfo = Selectable<ClientInfosTable>;

/** One page of inspection requests, newest booking first, and how many there are. */
export async function pageInspections(page: number, pageSize: number): Promise<{ rows: Inspection[]; total: number }> {
  const db = getDb();
  const { n } = await db
    .selectFrom("inspections")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("inspections")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize)
    .execute();
  return { rows, total: Number(n) };
}

/**
 * The same lead sent again within LEAD_DEDUPE_MS (a double tap, a retried POST on a slow network,
 * a replayed form): same kind, same phone or email, same car and same date or message. The second
 * one is answered with the row the first stored, as a success.
 */
const windowStart = () => new Date(Date.now() - LEAD_DEDUPE_MS).toISOString();

/** Stores an inspection booking (already validated by InspectionSchema), once. */
export async function createInspection(input: InspectionInput): Promise<Inspection> {
  const inspection = await getDb()
    .transaction()
    .execute(async (trx) => {
      const same = await trx
        .selectFrom("inspections")
        .selectAll()
        .where((eb) => eb.or([eb("email", "=", input.email), eb("phone", "=", input.phone)]))
        .where("car_make", "=", input.car_make)
        .where("car_model", "=", input.car_model)
        .where("inspection_date", "=", input.inspection_date)
        .where("created_at", ">=", windowStart())
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (same) return same;
      const row = await trx
        .insertInto("inspections")
        .values({
          name: input.name,
          phone: input.phone,
          email: input.email,
          car_make: input.car_make,
          car_model: input.car_model,
          inspection_date: input.inspection_date,
          other_info: input.other_info,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueLeadMessages(trx, "inspection", row.id);
      return row;
    });
  wakeOutbox();
  return inspection;
}

/** Stores a message from the Connect page, once. */
export async function createContactMessage(input: ContactInput): Promise<ContactMessage> {
  const message = await getDb()
    .transaction()
    .execute(async (trx) => {
      const same = await trx
        .selectFrom("contact_messages")
        .selectAll()
        .where((eb) => eb.or([eb("email", "=", input.email), eb("phone", "=", input.phone)]))
        .where("message", "=", input.message)
        .where("created_at", ">=", windowStart())
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (same) return same;
      const row = await trx
        .insertInto("contact_messages")
        .values({ ...input, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueLeadMessages(trx, "contact", row.id);
      return row;
    });
  wakeOutbox();
  return message;
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
  input: LoanApplicationInput & { car_id?: number | null },
): Promise<LoanApplication> {
  return getDb()
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

/** True when the client information for this loan application has already been sent. */
export async function hasClientInfo(loanApplicationId: number): Promise<boolean> {
  const row = await getDb()
    .selectFrom("client_infos")
    .select("id")
    .where("loan_application_id", "=", loanApplicationId)
    .executeTakeFirst();
  return row !== undefined;
}

export type ClientInfoResult =
  | { ok: true; clientInfo: ClientInfo }
  | { ok: false; field: "loan_application"; error: string };

/**
 * Stores a buyer's client information, linked to its loan application when its reference is
 * given. An unknown reference, or one whose client information was already sent, is refused.
 */
export async function createClientInfo(input: ClientInfoInput): Promise<ClientInfoResult> {
  const result = await getDb()
    .transaction()
    .execute(async (trx) => {
      let appId: number | null = null;
      if (input.loan_application !== undefined) {
        const app = await trx
          .selectFrom("loan_applications")
          .select("id")
          .where("reference", "=", input.loan_application)
          .executeTakeFirst();
        if (!app) return { ok: false, field: "loan_application", error: UNKNOWN_LOAN_APPLICATION } as const;
        appId = app.id;
      }
      const same = await trx
        .selectFrom("client_infos")
        .selectAll()
        .where((eb) => eb.or([eb("email", "=", input.email), eb("phone", "=", input.phone)]))
        .where("loan_application_id", "is", appId)
        .where("created_at", ">=", windowStart())
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (same) return { ok: true, clientInfo: same } as const;
      if (appId !== null) {
        const dup = await trx
          .selectFrom("client_infos")
          .select("id")
          .where("loan_application_id", "=", appId)
          .executeTakeFirst();
        if (dup)
          return {
            ok: false,
            field: "loan_application",
            error: "This loan application has already been submitted",
          } as const;
      }
      const clientInfo = await trx
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
      await queueLeadMessages(trx, "loan", appId ?? -clientInfo.id);
      return { ok: true, clientInfo } as const;
    });
  wakeOutbox();
  return result;
}
