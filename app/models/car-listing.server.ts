import type { Car } from "~/lib/car";
import { CarSchema, type RawCarFields, withCustomPaperAlias } from "~/lib/car-schema";
import { autoStockNumber, isSiteStockNumber, siteStockNumberRefused } from "~/lib/car-sheet";
import { type FieldErrors, firstError, validate } from "~/lib/validation";
import { carIdByStockNumber, createCar, getCar, updateCar } from "./car.server";
import { type CheckedImage, checkImage, deleteImageFiles, ImageRejectedError, saveImage } from "./upload.server";

/**
 * Adding and editing a listing from the admin form's fields and photos, shared by the add/edit
 * pages and POST/PUT /api/cars. Order matters: validate the fields, prove every photo, only then
 * write files, then the database; any failure removes what was written.
 */

export type CarListingProblem = "invalid" | "not-found" | "too-large" | "unsupported";

export class CarListingError extends Error {
  constructor(
    message: string,
    readonly problem: CarListingProblem,
    readonly fieldErrors: FieldErrors = {},
    /** The text fields read before the refusal, so a form can show them again. */
    readonly values: RawCarFields = {},
  ) {
    super(message);
  }
}

/** Proves every image first (one bad file refuses them all), then writes them; all or nothing. */
async function storeImages(files: Buffer[]): Promise<string[]> {
  const checked: CheckedImage[] = [];
  try {
    for (const file of files) checked.push(await checkImage(file));
  } catch (e) {
    if (e instanceof ImageRejectedError)
      throw new CarListingError(
        e.message,
        e.problem === "too-large" ? "too-large" : e.problem === "empty" ? "invalid" : "unsupported",
        { images: e.message },
      );
    throw e;
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

/**
 * The fields checked by the schema (customs_duty_paid read as Custom Paper), and the stock number
 * free (or this car's own).
 */
async function validated(fields: RawCarFields, carId?: number) {
  const result = validate(CarSchema, withCustomPaperAlias(fields));
  if (!result.ok) throw new CarListingError(firstError(result.fieldErrors), "invalid", result.fieldErrors, fields);
  const stock = result.data.stock_number;
  const owner = stock ? await carIdByStockNumber(stock) : null;
  const refuse = (message: string) => new CarListingError(message, "invalid", { stock_number: message }, fields);
  if (owner !== null && owner !== carId) throw refuse(stockNumberTaken(stock ?? ""));
  // The site's numbers (LPA-000123): only the car's own, the one it was given or would be.
  const own = carId !== undefined && (owner === carId || sameText(stock ?? "", autoStockNumber(carId)));
  if (stock && isSiteStockNumber(stock) && !own) throw refuse(siteStockNumberRefused(stock));
  return result.data;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

const stockNumberTaken = (stock: string) => `Stock number ${stock} is already used by another car`;

/** Adds a car from the form's fields and photos; returns its id. */
export async function addCar(fields: RawCarFields, files: Buffer[]): Promise<number> {
  const input = await validated(fields);
  const paths = await storeImages(files).catch((e) => {
    throw e instanceof CarListingError ? new CarListingError(e.message, e.problem, e.fieldErrors, fields) : e;
  });
  try {
    return await createCar(input, paths);
  } catch (e) {
    await Promise.all(paths.map(deleteImageFiles));
    throw e;
  }
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
    const refusal = () =>
      new CarListingError("existingImages must be the JSON text of a list of image paths", "invalid", {}, fields);
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

/** Saves an edit; the files of removed photos are deleted after the database commit. */
export async function saveCarEdit(id: number, fields: RawCarFields, files: Buffer[]): Promise<void> {
  const car: Car | null = await getCar(id);
  if (!car) throw new CarListingError("Car not found", "not-found", {}, fields);
  const input = await validated(fields, id);
  const kept = keptImages(fields, car.images);
  const paths = await storeImages(files).catch((e) => {
    throw e instanceof CarListingError ? new CarListingError(e.message, e.problem, e.fieldErrors, fields) : e;
  });
  const order = kept.map((p) => paths[Number(NEW_PHOTO.exec(p)?.[1] ?? -1)] ?? p).filter((p) => !NEW_PHOTO.test(p));
  let result: Awaited<ReturnType<typeof updateCar>>;
  try {
    result = await updateCar(id, { ...input, vin: input.vin ?? car.vin }, order, paths);
  } catch (e) {
    await Promise.all(paths.map(deleteImageFiles));
    throw e;
  }
  if (!result) {
    await Promise.all(paths.map(deleteImageFiles));
    throw new CarListingError("Car not found", "not-found", {}, fields);
  }
  await Promise.all(result.removed.map(deleteImageFiles));
}
