import type { Car } from "~/lib/car";
import { CarSchema, MarkSoldSchema, type RawCarFields, withCustomPaperAlias } from "~/lib/car-schema";
import { formatNaira } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { firstError, validate } from "~/lib/validation";
import { carTarget, recordActivity } from "~/models/activity.server";
import { buyersReached } from "~/models/alerts.server";
import { createCar, deleteCarRow, getCar, markCarSold, stockNumberProblem, updateCar } from "~/models/car.server";
import { oncePerForm } from "~/models/form-once.server";
import { type CheckedImage, checkImage, deleteImageFiles, ImageRejectedError, saveImage } from "~/models/upload.server";
import { type Actor, adminOf, assertCan, parseInput, runWrite } from "./use-case.server";

/**
 * Adding, editing, deleting and selling cars, for the car form, the stock list and /api/cars. The
 * order of an add or an edit: the fields checked by the schema, every photo proved and written
 * (slow work, before the transaction), then one transaction with the stock-number rule, the car
 * and its activity entry; a refusal or failure removes the photos written. A refusal carries every
 * field's message; the car form keeps the text it sent and shows it again.
 */

const CAR_NOT_FOUND = "Car not found";

/** Proves every image first (one bad file refuses them all), then writes them; all or nothing. */
async function storeImages(files: Buffer[]): Promise<string[]> {
  const checked: CheckedImage[] = [];
  try {
    for (const file of files) checked.push(await checkImage(file));
  } catch (e) {
    if (!(e instanceof ImageRejectedError)) throw e;
    const code = e.problem === "too-large" ? "too_large" : e.problem === "empty" ? "invalid" : "unsupported";
    throw new Refusal(code, e.message, { images: e.message });
  }
  const written: string[] = [];
  try {
    for (let i = 0; i < files.length; i++) written.push(await saveImage(files[i], checked[i]));
  } catch (e) {
    await Promise.all(written.map(deleteImageFiles));
    throw e;
  }
  return written;
}

/** The fields checked by the schema (customs_duty_paid read as Custom Paper). */
function checkedFields(fields: RawCarFields) {
  const result = validate(CarSchema, withCustomPaperAlias(fields));
  if (!result.ok) throw new Refusal("invalid", firstError(result.fieldErrors), result.fieldErrors);
  return result.data;
}

/** `write` with the photos already on disk; they are removed again when it fails. */
async function withPhotos<T>(files: Buffer[], write: (paths: string[]) => Promise<T>): Promise<T> {
  const paths = await storeImages(files);
  try {
    return await write(paths);
  } catch (e) {
    await Promise.all(paths.map(deleteImageFiles));
    throw e;
  }
}

function refuseStockNumber(problem: string | null): void {
  if (problem) throw new Refusal("invalid", problem, { stock_number: problem });
}

/**
 * Adds a car with its photos. `formToken` is the Add Car form's one-time token: the same form
 * sent twice adds one car and records it once (`created` false the second time).
 */
export async function addCarListing(
  actor: Actor,
  fields: RawCarFields,
  photos: Buffer[],
  formToken?: unknown,
): Promise<{ id: number; created: boolean }> {
  assertCan(actor, "cars.edit");
  const admin = adminOf(actor);
  const input = checkedFields(fields);
  return oncePerForm(formToken, () =>
    withPhotos(photos, (paths) =>
      runWrite(actor, "cars.edit", async (trx) => {
        refuseStockNumber(await stockNumberProblem(trx, input.stock_number));
        const id = await createCar(trx, input, paths);
        await recordActivity(trx, admin, { action: "car.create", target: await carTarget(id, trx) });
        return id;
      }),
    ),
  );
}

/** In a form's imageOrder, "new:2" is the third photo of this upload (placed among the kept ones). */
const NEW_PHOTO = /^new:(\d+)$/;
const listOf = (v: string | string[] | undefined) => (v === undefined ? [] : ([] as string[]).concat(v));

/**
 * The images an edit keeps, in the order they will show (the first is the cover): the API's
 * existingImages in the given order (the JSON text of a list, or in a JSON body the list itself),
 * else the form's imageOrder (every current photo, moved up or down) minus its removeImages.
 */
function keptImages(fields: RawCarFields, current: string[]): string[] {
  const existing: unknown = fields.existingImages;
  if (existing !== undefined) {
    const text =
      Array.isArray(existing) &&
      existing.length === 1 &&
      typeof existing[0] === "string" &&
      existing[0].trim().startsWith("[")
        ? existing[0]
        : existing;
    let list: unknown = text;
    const refusal = () => new Refusal("invalid", "existingImages must be the JSON text of a list of image paths");
    try {
      if (typeof text === "string") list = JSON.parse(text);
    } catch {
      throw refusal();
    }
    if (!Array.isArray(list) || !list.every((p) => typeof p === "string")) throw refusal();
    return [...new Set(list)].filter((p) => current.includes(p));
  }
  const removed = listOf(fields.removeImages);
  const order = listOf(fields.imageOrder).filter((p) => current.includes(p) || NEW_PHOTO.test(p));
  return [...new Set([...order, ...current])].filter((p) => !removed.includes(p));
}

/** Saves a car's fields and photos (the kept ones in `imageOrder`, new ones appended). */
export async function editCarListing(actor: Actor, id: number, fields: RawCarFields, photos: Buffer[]): Promise<void> {
  assertCan(actor, "cars.edit");
  const admin = adminOf(actor);
  const car: Car | null = await getCar(id);
  if (!car) throw new Refusal("not_found", CAR_NOT_FOUND);
  const input = checkedFields(fields);
  const kept = keptImages(fields, car.images);
  const removed = await withPhotos(photos, (paths) =>
    runWrite(actor, "cars.edit", async (trx) => {
      refuseStockNumber(await stockNumberProblem(trx, input.stock_number, id));
      const order = kept.map((p) => paths[Number(NEW_PHOTO.exec(p)?.[1] ?? -1)] ?? p).filter((p) => !NEW_PHOTO.test(p));
      const result = await updateCar(trx, id, { ...input, vin: input.vin ?? car.vin }, order, paths);
      if (!result) throw new Refusal("not_found", CAR_NOT_FOUND);
      await recordActivity(trx, admin, { action: "car.update", target: await carTarget(id, trx) });
      return result.removed;
    }),
  );
  // The files of removed photos go once the change has committed.
  await Promise.all(removed.map(deleteImageFiles));
}

export async function deleteCarListing(actor: Actor, id: number): Promise<void> {
  const paths = await runWrite(actor, "cars.delete", async (trx) => {
    const target = await carTarget(id, trx);
    const gone = await deleteCarRow(trx, id);
    if (!gone) throw new Refusal("not_found", CAR_NOT_FOUND);
    await recordActivity(trx, adminOf(actor), { action: "car.delete", target });
    return gone;
  });
  await Promise.all(paths.map(deleteImageFiles));
}

/**
 * Marks a car sold at the agreed price (`salePrice`, the list price when left out). The sold
 * record's make, model, year and colour come from the stored car, its time from the clock; other
 * fields in the input are ignored.
 */
export async function sellCar(actor: Actor, input: unknown): Promise<{ id: number }> {
  assertCan(actor, "cars.sell");
  const { id, salePrice } = parseInput(MarkSoldSchema, input);
  return runWrite(actor, "cars.sell", async (trx) => {
    const result = await markCarSold(trx, id, { salePrice: salePrice ?? null });
    if (!result.ok && result.reason === "not-found") throw new Refusal("not_found", CAR_NOT_FOUND);
    if (!result.ok) throw new Refusal("invalid", "Car is already marked as sold");
    await recordActivity(trx, adminOf(actor), {
      action: "car.sold",
      target: { id, label: result.label },
      detail: salePrice === undefined ? "At the list price" : `For ${formatNaira(salePrice)}`,
    });
    return { id };
  });
}

/**
 * For the car form, before saving: how many waiting buyers (confirmed alerts) the car as typed
 * would newly reach, a new car (`id` null) or car `id` edited; null while the fields are not yet a
 * valid car. Nothing is written.
 */
export async function carReach(actor: Actor, id: number | null, fields: RawCarFields): Promise<number | null> {
  assertCan(actor, "cars.edit");
  const result = validate(CarSchema, withCustomPaperAlias(fields));
  if (!result.ok) return null;
  if (id !== null && !(await getCar(id))) throw new Refusal("not_found", CAR_NOT_FOUND);
  return buyersReached(result.data, id);
}
