import type { ImportPreview } from "~/lib/car-sheet";
import { recordActivity } from "~/models/activity.server";
import { carAlertStates, queueCarsAlerts } from "~/models/alerts.server";
import { checkImport, previewImport, writeImport } from "~/models/car-sheet.server";
import { type Actor, adminOf, assertCan, runWrite } from "./use-case.server";

/**
 * Importing the stock from a spreadsheet, for the import page and POST /api/cars/import: a dry
 * run only previews; otherwise the file is checked again (the stock may have changed since its
 * preview; slow work, before the transaction) and a file without problems is written in one
 * transaction with its activity entry and the buyers' alerts the added or changed cars newly
 * answer (as for a single car; an alert that several cars answer gets one email listing them).
 * Every staff role may import (cars.import).
 */
export async function importStock(
  actor: Actor,
  file: { name: string; bytes: Uint8Array },
  { dryRun }: { dryRun: boolean },
): Promise<ImportPreview> {
  assertCan(actor, "cars.import");
  if (dryRun) return previewImport(file);
  const checked = await checkImport(file);
  if (checked.preview.problems.length) return checked.preview;
  return runWrite(actor, "cars.import", async (trx) => {
    const before = await carAlertStates(
      trx,
      checked.rows.flatMap((r) => (r.id === null ? [] : [r.id])),
    );
    const { carIds, ...result } = writeImport(trx, checked);
    await queueCarsAlerts(trx, carIds, before);
    await recordActivity(trx, adminOf(actor), {
      action: "car.import",
      target: { id: null, label: file.name },
      detail: `${result.add.length} added, ${result.update.length} updated`,
    });
    return result;
  });
}
