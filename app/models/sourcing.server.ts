import type { Selectable } from "kysely";
import { LEAD_DEDUPE_MS } from "~/config/constants";
import type { SourcingInput } from "~/lib/lead-schemas";
import { nowIso } from "../../db/database.server";
import type { SourcingRequestsTable } from "../../db/schema";
import type { Db } from "./db.server";
import { queueLeadMessages } from "./notifications.server";

/**
 * "Can't find it? We'll source it for you": a buyer asks for a car the stock does not have. Each
 * request is a `sourcing` lead in the inbox (a trigger adds it to the leads registry in the same
 * transaction).
 */

export type SourcingRequest = Selectable<SourcingRequestsTable>;

/**
 * Stores a sourcing request (already validated by SourcingSchema), once, with its outbox messages
 * (`db`: the use case's transaction): a double submit answers the first.
 */
export async function createSourcingRequest(db: Db, input: SourcingInput): Promise<SourcingRequest> {
  const same = await db
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
  const row = await db
    .insertInto("sourcing_requests")
    .values({ ...input, created_at: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
  await queueLeadMessages(db, "sourcing", row.id);
  return row;
}
