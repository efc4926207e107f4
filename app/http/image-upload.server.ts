import { MAX_IMAGE_BYTES, MAX_SLIDE_PHOTO_BYTES } from "~/config/constants";
import { IMAGE_TOO_LARGE, SLIDE_PHOTO_TOO_LARGE } from "~/config/messages";
import { Refusal } from "~/lib/refusal";
import { UPLOAD_BODY_LIMIT } from "./body-limit";
import { isMultipart, lastValues, type MultipartFields, readMultipart } from "./multipart.server";
import { readFields } from "./request.server";

/**
 * A form or API body with at most one image (the logo, a hero slide's photo), read by the one
 * multipart reader (multipart.server.ts) under the car photos' size rule unless the caller gives
 * its own (a slide takes a camera photo); the bytes are proven an image later by the upload
 * model. A body without a file (JSON, form-encoded, an empty file input) has only text.
 */
export async function readImageForm(
  request: Request,
  fileField: string,
  {
    maxFileBytes = MAX_IMAGE_BYTES,
    tooLarge = IMAGE_TOO_LARGE,
    fields: read = {},
  }: {
    maxFileBytes?: number;
    tooLarge?: string;
    /** Filled with the text fields as they arrive, so a refused form can show them again. */
    fields?: MultipartFields;
  } = {},
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!isMultipart(request)) {
    const fields = await readFields(request);
    if (!fields) throw new Refusal("unsupported", "Send the image as multipart/form-data");
    const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v == null ? "" : String(v)]));
    return { fields: text, file: null };
  }
  const { fields, files } = await readMultipart(
    request,
    {
      fileField,
      maxFiles: 1,
      maxFileBytes,
      maxFields: 50,
      maxFieldBytes: 20_000,
      maxTotalBytes: UPLOAD_BODY_LIMIT,
      tooManyFiles: "Send one image at a time",
      filesTooLarge: () => tooLarge,
      bodyTooLarge: tooLarge,
    },
    read,
  );
  return { fields: lastValues(fields), file: files[0]?.bytes ?? null };
}

/**
 * A home slide's form or API body: one photo of up to MAX_SLIDE_PHOTO_BYTES (a camera photo from a
 * page without JavaScript; the use case scales it down). `fields` keeps the text read before a refusal.
 */
export function readSlideForm(request: Request, fields?: MultipartFields) {
  return readImageForm(request, "image", {
    maxFileBytes: MAX_SLIDE_PHOTO_BYTES,
    tooLarge: SLIDE_PHOTO_TOO_LARGE,
    fields,
  });
}
