import type { LeadKind } from "~/lib/leads";
import { getDb } from "../../db/database.server";

/**
 * How many leads of each kind the site has received, read from the leads registry (every lead
 * table fills it by trigger, and leads are never deleted), so the figure survives restarts.
 */
export async function leadCountsByKind(): Promise<{ kind: LeadKind; count: number }[]> {
  const rows = await getDb()
    .selectFrom("leads")
    .select(["kind", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("kind")
    .execute();
  return rows.map((r) => ({ kind: r.kind, count: Number(r.count) }));
}
