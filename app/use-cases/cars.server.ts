import { MarkSoldSchema, type RawCarFields } from "~/lib/car-schema";
import { formatNaira } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { carTarget, recordActivityAlone } from "~/models/activity.server";
import { deleteCar, markCarSold } from "~/models/car.server";
import { addCar, saveCarEdit } from "~/models/car-listing.server";
import { oncePerForm } from "~/models/form-once.server";
import { assertCan, parseInput, type StaffActor } from "./use-case.server";

/**
 * Adding, editing, deleting and selling cars. Adding and editing validate in the listing model,
 * whose CarListingError carries every field's message and the text as sent (the car form shows
 * them beside the fields; the API answers them).
 */

/**
 * Adds a car with its photos. `formToken` is the Add Car form's one-time token: the same form
 * sent twice adds one car and records it once (`created` false the second time).
 */
export async function addCarListing(
  actor: StaffActor,
  fields: RawCarFields,
  photos: Buffer[],
  formToken?: unknown,
): Promise<{ id: number; created: boolean }> {
  assertCan(actor, "cars.edit");
  const added = await oncePerForm(formToken, () => addCar(fields, photos));
  if (added.created)
    await recordActivityAlone(actor.admin, { action: "car.create", target: await carTarget(added.id) });
  return added;
}

/** Saves a car's fields and photos (the kept ones in `imageOrder`, new ones appended). */
export async function editCarListing(
  actor: StaffActor,
  id: number,
  fields: RawCarFields,
  photos: Buffer[],
): Promise<void> {
  assertCan(actor, "cars.edit");
  await saveCarEdit(id, fields, photos);
  await recordActivityAlone(actor.admin, { action: "car.update", target: await carTarget(id) });
}

export async function deleteCarListing(actor: StaffActor, id: number): Promise<void> {
  assertCan(actor, "cars.delete");
  const target = await carTarget(id);
  if (!(await deleteCar(id))) throw new Refusal("not_found", "Car not found");
  await recordActivityAlone(actor.admin, { action: "car.delete", target });
}

/** Marks a car sold at the agreed price (`salePrice`, the list price when left out). */
export async function sellCar(actor: StaffActor, input: unknown): Promise<{ id: number }> {
  assertCan(actor, "cars.sell");
  const { id, color, salePrice, ...sale } = parseInput(MarkSoldSchema, input);
  const result = await markCarSold(id, { ...sale, color: color || null, salePrice: salePrice ?? null });
  if (result === "not-found") throw new Refusal("not_found", "Car not found");
  if (result === "already-sold") throw new Refusal("invalid", "Car is already marked as sold");
  await recordActivityAlone(actor.admin, {
    action: "car.sold",
    target: await carTarget(id),
    detail: salePrice === undefined ? "At the list price" : `For ${formatNaira(salePrice)}`,
  });
  return { id };
}
