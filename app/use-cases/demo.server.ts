import { recordActivityAlone } from "~/models/activity.server";
import { type DemoStock, deleteDemoStock, describeDemoStock } from "~/models/demo/demo-stock.server";
import { assertCan, type StaffActor } from "./use-case.server";

/**
 * Removes the demo stock a fresh install starts with (owners): every demo car with its photos, and
 * the sample bookings that came with them; nothing of the dealer's own.
 */
export async function removeDemoStock(
  actor: StaffActor,
): Promise<{ removed: number; bookings: number; message: string }> {
  assertCan(actor, "demo.remove");
  const gone: DemoStock = await deleteDemoStock();
  const what = describeDemoStock(gone);
  if (what) {
    await recordActivityAlone(actor.admin, {
      action: "demo.remove",
      target: { id: null, label: "Demo stock" },
      detail: `${what} removed`,
    });
  }
  return { removed: gone.cars, bookings: gone.bookings, message: demoRemovedMessage(gone) };
}

/** What the owner is told after removing the demo stock. */
export function demoRemovedMessage(gone: DemoStock): string {
  const what = describeDemoStock(gone);
  return what
    ? `Demo stock removed: ${what}. Your own cars, leads and accounts stay.`
    : "There was no demo stock left to remove.";
}
