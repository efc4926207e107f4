import type { Selectable } from "kysely";
import { LEAD_DEDUPE_MS } from "~/config/constants";
import type { SourcingInput } from "~/lib/lead-schemas";
import { getDb, nowIso } from "../../db/database.server";
import type { SourcingRequestsTable } from "../../db/schema";
import { queueLeadMessages } from "./notifications.server";
import { wakeOutbox } from "./outbox.server";

/**
 * "Can't find it? We'll source it for you": a buyer asks for a car the stock does not have. Each
 * request is a `sourcing` lead in the inbox (a trigger adds it to the leads registry in the same
 * transaction).
 */

export type SourcingRequest = Selectable<SourcingRequestsTable>;

/** Stores a sourcing request (already validated by SourcingSchema), once: a double submit answers the first. */
export async function createSourcingRequest(input: SourcingInput): Promise<SourcingRequest> {
  const request = await getDb()
    .transaction()
    .execute(async (trx) => {
      const same = await trx
        .selectFrom("sourcing_requests")
        .selectAll()
        .where("phone", "=", input.phone)
        .where("name", "=", input.name)
        .where("car_wanted", "=", input.car_wanted)
        .where("budget", "is", input.budget)
        .where("created_at", ">=", new Date(Date.now() - LEAD_DEDUPE_MS).toISOString())
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (same) return same;
      const row = await trx
        .insertInto("sourcing_requests")
        .values({ ...input, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueLeadMessages(trx, "sourcing", row.id);
      return row;
    });
  wakeOutbox();
  return request;
}
