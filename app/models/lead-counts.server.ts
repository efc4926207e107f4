import type { LeadKind } from "~/lib/leads";
import { getDb } from "../../db/database.server";

/**
 * How many leads of each kind the site has received, read from the leads registry (every lead
 * table fills it by trigger, and leads are never deleted), so the figure survives restarts. As on
 * the dashboard and the reports, a loan application counts as a loan lead once its client
 * information came; until then it is counted apart, as `loan_incomplete`.
 */
export async function leadCountsByKind(): Promise<{ kind: LeadKind | "loan_incomplete"; count: number }[]> {
  const rows = await getDb()
    .selectFrom("leads")
    .select(["kind", "category", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy(["kind", "category"])
    .execute();
  return rows.map((r) => ({
    kind: r.category === "incomplete" ? "loan_incomplete" : r.kind,
    count: Number(r.count),
  }));
}
