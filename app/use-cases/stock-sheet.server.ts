import type { ImportPreview } from "~/lib/car-sheet";
import { can, OWNER_ONLY_MESSAGE } from "~/lib/roles";
import { recordActivityAlone } from "~/models/activity.server";
import type { Admin } from "~/models/admin.server";
import { previewImport, runImport, SheetError } from "~/models/car-sheet.server";

/**
 * Importing the stock from a spreadsheet, for the import page and POST /api/cars/import: a dry
 * run only previews; otherwise a file without problems is written in one transaction and the
 * import is recorded in the activity trail. Every staff role may import (cars.import).
 */
export async function importStock(
  actor: Admin,
  file: { name: string; bytes: Uint8Array },
  { dryRun }: { dryRun: boolean },
): Promise<ImportPreview> {
  if (!can(actor.role, "cars.import")) throw new SheetError(OWNER_ONLY_MESSAGE, 403);
  if (dryRun) return previewImport(file);
  const result = await runImport(file);
  if (result.written) {
    await recordActivityAlone(actor, {
      action: "car.import",
      target: { id: null, label: file.name },
      detail: `${result.add.length} added, ${result.update.length} updated`,
    });
  }
  return result;
}
