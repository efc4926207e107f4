import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from "~/config/constants";
import { IMAGE_TOO_LARGE } from "~/config/messages";
import type { RawCarFields } from "~/lib/car-schema";
import { Refusal } from "~/lib/refusal";
import { UPLOAD_BODY_LIMIT } from "./body-limit";
import { isMultipart, type MultipartRules, readMultipart } from "./multipart.server";
import { readFields } from "./request.server";

/**
 * Reading a car form or API body: multipart through the one reader (multipart.server.ts) under the
 * car photos' rules (the 11th image, the byte after 2 MB of one image or past the body's budget
 * stops the read); JSON and form-encoded bodies (no photos) are read too. A refusal is a Refusal;
 * the text fields read so far are in `fields`, the object the caller passed in, so a form can
 * show them again.
 */

const TOO_MANY_IMAGES = `At most ${MAX_IMAGES_PER_UPLOAD} images can be uploaded at a time`;
const UPLOAD_TOO_LARGE = `${IMAGE_TOO_LARGE}, and at most ${MAX_IMAGES_PER_UPLOAD} images can be sent at a time`;

/** 'Each image must be under 2MB' and the name of every file that is not. */
function imagesTooLarge(names: string[]): string {
  return `${IMAGE_TOO_LARGE}: ${names.join(", ")}`;
}

const CAR_PHOTOS: MultipartRules = {
  fileField: "images",
  maxFiles: MAX_IMAGES_PER_UPLOAD,
  maxFileBytes: MAX_IMAGE_BYTES,
  maxFields: 200,
  maxFieldBytes: 20_000,
  maxTotalBytes: UPLOAD_BODY_LIMIT,
  tooManyFiles: TOO_MANY_IMAGES,
  filesTooLarge: imagesTooLarge,
  bodyTooLarge: UPLOAD_TOO_LARGE,
};

export interface CarUpload {
  fields: RawCarFields;
  files: Buffer[];
}

export async function readCarUpload(request: Request, fields: RawCarFields = {}): Promise<CarUpload> {
  if (!isMultipart(request)) {
    const type = request.headers.get("Content-Type") ?? "";
    if (type.includes("application/json") || type.includes("application/x-www-form-urlencoded")) {
      const read = await readFields(request);
      if (!read) throw new Refusal("invalid", "The request body could not be read");
      Object.assign(fields, read);
      return { fields, files: [] };
    }
    throw new Refusal("unsupported", "Send the car as multipart/form-data");
  }
  const { files } = await readMultipart(request, CAR_PHOTOS, fields);
  return { fields, files: files.map((f) => f.bytes) };
}

/** The text a form sent, to put back into the form after a refusal (files cannot be kept). */
export function carFormValues(fields: RawCarFields): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return out;
}
