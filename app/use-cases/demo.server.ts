import { recordActivity } from "~/models/activity.server";
import { removeDemoCars } from "~/models/demo/demo-stock.server";
import { type Actor, assertCan } from "./use-case.server";

/** Removes the demo stock a fresh install starts with (owners): every demo car and its photos, nothing else. */
export async function removeDemoStock(actor: Actor): Promise<{ removed: number }> {
  assertCan(actor.admin, "demo.remove");
  const removed = await removeDemoCars();
  if (removed > 0) {
    await recordActivity(actor.admin, {
      action: "demo.remove",
      target: { id: null, label: "Demo stock" },
      detail: `${removed} demo ${removed === 1 ? "car" : "cars"} removed`,
    });
  }
  return { removed };
}
