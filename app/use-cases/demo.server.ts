import { recordActivity } from "~/models/activity.server";
import { type DemoStock, deleteDemoStock, describeDemoStock } from "~/models/demo/demo-stock.server";
import { deleteImageFiles } from "~/models/upload.server";
import { type Actor, adminOf, runWrite } from "./use-case.server";

/**
 * Removes the demo stock a fresh install starts with (owners): every demo car with its photos, and
 * the sample bookings that came with them; nothing of the dealer's own.
 */
export async function removeDemoStock(actor: Actor): Promise<{ removed: number; bookings: number; message: string }> {
  const { paths, ...gone } = await runWrite(actor, "demo.remove", async (trx) => {
    const removed = await deleteDemoStock(trx);
    const what = describeDemoStock(removed);
    if (what) {
      await recordActivity(trx, adminOf(actor), {
        action: "demo.remove",
        target: { id: null, label: "Demo stock" },
        detail: `${what} removed`,
      });
    }
    return removed;
  });
  // Files after the commit: a failure here leaves orphan files, never rows pointing at missing photos.
  for (const path of paths) await deleteImageFiles(path);
  return { removed: gone.cars, bookings: gone.bookings, message: demoRemovedMessage(gone) };
}

/** What the owner is told after removing the demo stock. */
export function demoRemovedMessage(gone: DemoStock): string {
  const what = describeDemoStock(gone);
  return what
    ? `Demo stock removed: ${what}. Your own cars, leads and accounts stay.`
    : "There was no demo stock left to remove.";
}
