import { reachMessage } from "~/lib/car-reach";
import type { RawCarFields } from "~/lib/car-schema";
import { movePhoto, parsePhotoMove } from "~/lib/photo-order";
import { FORM_TOKEN_FIELD } from "~/models/form-once.server";
import { addCarListing, carReach, editCarListing } from "~/use-cases/cars.server";
import type { StaffActor } from "~/use-cases/use-case.server";
import { carFormValues, readCarUpload } from "./car-upload.server";
import { refusalForPage } from "./refusals.server";

/**
 * Saving the car form (Add New Car, Edit Car Listing), for the pages' actions (no JavaScript)
 * and /admin/car-upload (the form's upload with progress when JavaScript runs): read the form and
 * call the same use case as the API; a refusal carries every field's message and the text as typed.
 */

export interface CarFormFailure {
  ok: false;
  error: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string | string[]>;
  /**
   * True when the edit page only moved photos, or the form asked how many waiting buyers the car
   * would reach (no JavaScript): nothing was saved.
   */
  moved?: boolean;
}

export type CarFormAnswer = { ok: true; done: "added" | "updated"; id: number } | (CarFormFailure & { status: number });

export async function saveCarForm(request: Request, actor: StaffActor, id: number | null): Promise<CarFormAnswer> {
  const verb = id ? "update" : "add";
  const fields: RawCarFields = {};
  try {
    const { files } = await readCarUpload(request, fields);
    if (fields.reach !== undefined) {
      const values = carFormValues(fields);
      delete values.reach;
      const buyers = await carReach(actor, id, fields);
      const note = files.length ? " The photos you had chosen were not kept: choose them again." : "";
      return { ok: false, moved: true, status: 200, error: `${reachMessage(buyers)}${note}`, fieldErrors: {}, values };
    }
    const move = parsePhotoMove(fields.move);
    if (id && move) {
      const values = carFormValues(fields);
      values.imageOrder = movePhoto(([] as string[]).concat(fields.imageOrder ?? []), move.item, move.move);
      delete values.move;
      const note = files.length ? " The new photos you had chosen were not kept: choose them again." : "";
      return {
        ok: false,
        moved: true,
        status: 200,
        error: `Photo order changed; save to keep it.${note}`,
        fieldErrors: {},
        values,
      };
    }
    if (id) {
      await editCarListing(actor, id, fields, files);
      return { ok: true, done: "updated", id };
    }
    // Add Car carries a one-time token: the same form sent twice adds one car (form-once.server.ts).
    const { id: added } = await addCarListing(actor, fields, files, [fields[FORM_TOKEN_FIELD]].flat()[0]);
    return { ok: true, done: "added", id: added };
  } catch (e) {
    const refused = refusalForPage(e);
    return {
      ok: false,
      status: refused.status,
      error: `Failed to ${verb} car: ${refused.message}`,
      fieldErrors: refused.fieldErrors,
      values: carFormValues(fields),
    };
  }
}
