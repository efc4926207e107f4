import { MarkSoldSchema } from "~/lib/car-schema";
import { formatNaira } from "~/lib/money";
import { carTarget, recordActivity } from "~/models/activity.server";
import { deleteCar, markCarSold } from "~/models/car.server";
import { type Actor, assertCan, parseInput, UseCaseError } from "./use-case.server";

/** Deleting and selling cars (adding and editing go through the car form's own path). */

export async function deleteCarListing(actor: Actor, id: number): Promise<void> {
  assertCan(actor.admin, "cars.delete");
  const target = await carTarget(id);
  if (!(await deleteCar(id))) throw new UseCaseError("not_found", "Car not found");
  await recordActivity(actor.admin, { action: "car.delete", target });
}

/** Marks a car sold at the agreed price (`salePrice`, the list price when left out). */
export async function sellCar(actor: Actor, input: unknown): Promise<{ id: number }> {
  assertCan(actor.admin, "cars.sell");
  const { id, color, salePrice, ...sale } = parseInput(MarkSoldSchema, input);
  const result = await markCarSold(id, { ...sale, color: color || null, salePrice: salePrice ?? null });
  if (result === "not-found") throw new UseCaseError("not_found", "Car not found");
  if (result === "already-sold") throw new UseCaseError("invalid", "Car is already marked as sold");
  await recordActivity(actor.admin, {
    action: "car.sold",
    target: await carTarget(id),
    detail: salePrice === undefined ? "At the list price" : `For ${formatNaira(salePrice)}`,
  });
  return { id };
}
