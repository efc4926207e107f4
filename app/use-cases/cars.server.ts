import { type ActivityChange, type ChangeField, changeList } from "~/lib/activity";
import type { Car, CarFields } from "~/lib/car";
import { CarIdSchema, CarSchema, MarkSoldSchema, type RawCarFields, withCustomPaperAlias } from "~/lib/car-schema";
import { formatNaira } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { firstError, validate } from "~/lib/validation";
import { carTarget, recordActivity } from "~/models/activity.server";
import { buyersReached } from "~/models/alerts.server";
import {
  createCar,
  deleteCarRow,
  getCar,
  markCarSold,
  stockNumberProblem,
  unmarkCarSold,
  updateCar,
} from "~/models/car.server";
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
const RESERVED_SALE =
  "This sale came with a buyer's reservation deposit, so it cannot be undone here: settle it with the buyer first.";

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

const naira = (v: unknown) => (typeof v === "number" ? formatNaira(v) : "—");
const unknownFlag = (v: unknown) => (v === true ? "Yes" : v === false ? "No" : "not known");

/** The car's fields as the trail names them (the car form's labels), in the form's order. */
const CAR_CHANGE_FIELDS: Record<keyof CarFields, ChangeField> = {
  make: { label: "make" },
  model: { label: "model" },
  year: { label: "year", show: String },
  price: { label: "price", show: naira },
  condition: { label: "condition" },
  engine_capacity: { label: "engine capacity" },
  engine_size: { label: "engine size" },
  custom_paper: { label: "Custom Paper" },
  body_type: { label: "body type" },
  drive_train: { label: "drive train" },
  transmission: { label: "transmission" },
  fuel_type: { label: "fuel type" },
  color: { label: "colour" },
  mileage: { label: "mileage" },
  location: { label: "location" },
  car_history: { label: "car history" },
  other_info: { label: "other information" },
  car_description: { label: "description" },
  vin: { label: "VIN" },
  stock_number: { label: "stock number" },
  financing: { label: "financing" },
  registration: { label: "registration" },
  keyfeatures: { label: "key features" },
  plate_state: { label: "plate state" },
  previous_owners_ng: { label: "previous owners in Nigeria", show: (v) => (typeof v === "number" ? String(v) : "—") },
  accident_free: { label: "accident free", show: unknownFlag },
  flood_free: { label: "flood free", show: unknownFlag },
};

/** What an edit changed: the fields, then the photos (how many, or their order). */
function carChanges(car: Car, saved: Record<string, unknown>, photos: string[]): ActivityChange[] {
  const changes = changeList({ ...car }, saved, CAR_CHANGE_FIELDS);
  const count = (n: number) => `${n} ${n === 1 ? "photo" : "photos"}`;
  if (photos.length !== car.images.length) {
    changes.push({ field: "photos", from: count(car.images.length), to: count(photos.length) });
  } else if (photos.some((p, i) => p !== car.images[i])) {
    changes.push({
      field: "photos",
      from: count(car.images.length),
      to: `${count(photos.length)}, changed or reordered`,
    });
  }
  return changes;
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
      const saved = { ...input, vin: input.vin ?? car.vin };
      const result = await updateCar(trx, id, saved, order, paths);
      if (!result) throw new Refusal("not_found", CAR_NOT_FOUND);
      await recordActivity(trx, admin, {
        action: "car.update",
        target: await carTarget(id, trx),
        changes: carChanges(car, saved, order),
      });
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
 * Puts a car marked sold by mistake back on sale (owners): its sale record is removed, so reports
 * and the monthly figures no longer count it, and the trail keeps what the sale was. A sale that
 * came from a buyer's reservation is refused: that deposit is settled on the reservation's page.
 */
export async function unsellCar(actor: Actor, input: unknown): Promise<{ id: number }> {
  assertCan(actor, "cars.unsell");
  const { id } = parseInput(CarIdSchema, input);
  return runWrite(actor, "cars.unsell", async (trx) => {
    const result = await unmarkCarSold(trx, id);
    if (!result.ok && result.reason === "not-found") throw new Refusal("not_found", CAR_NOT_FOUND);
    if (!result.ok && result.reason === "not-sold") throw new Refusal("invalid", "Car is not marked as sold");
    if (!result.ok) throw new Refusal("conflict", RESERVED_SALE);
    await recordActivity(trx, adminOf(actor), {
      action: "car.unsold",
      target: { id, label: result.label },
      detail: result.salePrice === null ? "Sale removed" : `Sale for ${formatNaira(result.salePrice)} removed`,
      changes: [{ field: "status", from: "Sold", to: "Available" }],
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
