import { unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from "~/config/constants";
import { type CarFieldErrors, parseCarFields, type RawCarFields } from "~/lib/car-schema";
import { isBodyTooLarge } from "~/http/body-limit";
import { readFields } from "~/lib/http.server";
import { createCar, getCar, updateCar } from "./car.server";
import { type Car } from "~/lib/car";
import { type CheckedImage, checkImage, deleteImageFiles, ImageRejectedError, saveImage } from "./upload.server";

/**
 * Reading and storing the car form (DESIGN §9), shared by the add/edit pages and
 * POST/PUT /api/cars. Order matters: stream with limits, validate the fields, prove every
 * image, only then write files, then the database; any failure removes what was written.
 */

export const IMAGE_TOO_LARGE = "Each image must be under 2MB";
export const TOO_MANY_IMAGES = `At most ${MAX_IMAGES_PER_UPLOAD} images can be uploaded at a time`;
const MAX_TEXT_FIELD_BYTES = 20_000;
const MAX_TEXT_FIELDS = 200;
// Ten full images plus generous room for the text fields and multipart framing.
const MAX_BODY_BYTES = MAX_IMAGES_PER_UPLOAD * MAX_IMAGE_BYTES + 1_000_000;

export class CarFormError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 413 | 415,
    readonly errors: CarFieldErrors = {},
  ) {
    super(message);
  }
  /** The text fields read before the refusal, so a form can show them again. */
  values: RawCarFields = {};
}

function withValues(e: unknown, fields: RawCarFields): unknown {
  if (e instanceof CarFormError) e.values = fields;
  return e;
}

export interface CarUpload {
  fields: RawCarFields;
  files: Buffer[];
}

function addField(fields: RawCarFields, name: string, value: string) {
  const prev = fields[name];
  fields[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _ of data) {
    /* discard */
  }
}

/**
 * Reads a car request. Multipart bodies are streamed: the 11th image or the byte after 2 MB of
 * one image stops the read with 413. JSON and form-encoded bodies (no images) are read too.
 */
export async function readCarUpload(request: Request): Promise<CarUpload> {
  const type = request.headers.get("Content-Type") ?? "";
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY_BYTES) {
    throw new CarFormError(`${IMAGE_TOO_LARGE}, and at most ${MAX_IMAGES_PER_UPLOAD} images can be sent at a time`, 413);
  }
  if (!type.includes("multipart/form-data")) {
    if (type.includes("application/json") || type.includes("application/x-www-form-urlencoded")) {
      const fields = await readFields(request);
      if (!fields) throw new CarFormError("The request body could not be read", 400);
      return { fields: fields as RawCarFields, files: [] };
    }
    throw new CarFormError("Send the car as multipart/form-data", 415);
  }
  const fields: RawCarFields = {};
  const files: Buffer[] = [];
  let textFields = 0;
  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      if (typeof filename === "string") {
        // A file input left empty still sends a part with no name and no bytes.
        if (name !== "images" || filename === "") return void (await drain(data));
        if (files.length >= MAX_IMAGES_PER_UPLOAD) throw new CarFormError(TOO_MANY_IMAGES, 413);
        const chunks: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of data) {
          size += chunk.byteLength;
          if (size > MAX_IMAGE_BYTES) throw new CarFormError(IMAGE_TOO_LARGE, 413);
          chunks.push(chunk);
        }
        if (size > 0) files.push(Buffer.concat(chunks));
        return undefined;
      }
      if (++textFields > MAX_TEXT_FIELDS) throw new CarFormError("Too many form fields", 413);
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > MAX_TEXT_FIELD_BYTES) throw new CarFormError(`The field ${name} is too long`, 413);
        chunks.push(chunk);
      }
      addField(fields, name, Buffer.concat(chunks).toString("utf8"));
      return undefined;
    });
  } catch (e) {
    if (e instanceof CarFormError) throw withValues(e, fields);
    if (isBodyTooLarge(e)) throw withValues(new CarFormError(`${IMAGE_TOO_LARGE}, and at most ${MAX_IMAGES_PER_UPLOAD} images can be sent at a time`, 413), fields);
    throw withValues(new CarFormError("The upload could not be read", 400), fields);
  }
  return { fields, files };
}

/** Proves every image first (one bad file refuses them all), then writes them; all or nothing. */
export async function storeImages(files: Buffer[]): Promise<string[]> {
  const checked: CheckedImage[] = [];
  try {
    for (const file of files) checked.push(await checkImage(file));
  } catch (e) {
    if (e instanceof ImageRejectedError) throw new CarFormError(e.message, e.status, { images: e.message });
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

function validated(fields: RawCarFields) {
  const parsed = parseCarFields(fields);
  if (!parsed.ok) throw new CarFormError(parsed.message, 400, parsed.errors);
  return parsed.data;
}

/** Creates a car from a request; returns its id. Throws CarFormError for anything refused. */
export async function addCarFromRequest(request: Request): Promise<number> {
  const { fields, files } = await readCarUpload(request);
  try {
    const input = validated(fields);
    const paths = await storeImages(files);
    try {
      return await createCar(input, paths);
    } catch (e) {
      await Promise.all(paths.map(deleteImageFiles));
      throw e;
    }
  } catch (e) {
    throw withValues(e, fields);
  }
}

/**
 * The images an edit keeps: the API's existingImages (the JSON text of a list, or in a JSON body
 * the list itself), else all minus removeImages.
 */
function keptImages(fields: RawCarFields, current: string[]): string[] {
  const existing: unknown = fields.existingImages;
  if (existing !== undefined) {
    const text = Array.isArray(existing) && existing.length === 1 && typeof existing[0] === "string" && existing[0].trim().startsWith("[") ? existing[0] : existing;
    let list: unknown = text;
    try {
      if (typeof text === "string") list = JSON.parse(text);
    } catch {
      throw new CarFormError("existingImages must be the JSON text of a list of image paths", 400);
    }
    if (!Array.isArray(list) || !list.every((p) => typeof p === "string")) {
      throw new CarFormError("existingImages must be the JSON text of a list of image paths", 400);
    }
    return current.filter((p) => list.includes(p));
  }
  const removed = fields.removeImages === undefined ? [] : ([] as string[]).concat(fields.removeImages);
  return current.filter((p) => !removed.includes(p));
}

/** Saves an edit from a request; removed images' files are deleted after the database commit. */
export async function updateCarFromRequest(request: Request, id: number): Promise<void> {
  const car = await getCar(id);
  if (!car) throw new CarFormError("Car not found", 404);
  const { fields, files } = await readCarUpload(request);
  try {
    await saveEdit(car, fields, files);
  } catch (e) {
    throw withValues(e, fields);
  }
}

async function saveEdit(car: Car, fields: RawCarFields, files: Buffer[]): Promise<void> {
  const id = car.id;
  const input = validated(fields);
  const kept = keptImages(fields, car.images);
  const paths = await storeImages(files);
  let result: Awaited<ReturnType<typeof updateCar>>;
  try {
    result = await updateCar(id, { ...input, vin: input.vin ?? car.vin }, kept, paths);
  } catch (e) {
    await Promise.all(paths.map(deleteImageFiles));
    throw e;
  }
  if (!result) {
    await Promise.all(paths.map(deleteImageFiles));
    throw new CarFormError("Car not found", 404);
  }
  await Promise.all(result.removed.map(deleteImageFiles));
}

/** The text a form sent, to put back into the form after a refusal (files cannot be kept). */
export function formValues(fields: RawCarFields): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return out;
}

/** The API answer for a refused car request: { error, fields? } with the fitting status. */
export function carFormErrorResponse(e: CarFormError): Response {
  const fields = Object.keys(e.errors).length ? { fields: e.errors } : {};
  return Response.json({ error: e.message, ...fields }, { status: e.status });
}
