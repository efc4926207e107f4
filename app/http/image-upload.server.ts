import { MAX_IMAGE_BYTES } from "~/config/constants";
import { IMAGE_TOO_LARGE } from "~/config/messages";
import { Refusal } from "~/lib/refusal";
import { UPLOAD_BODY_LIMIT } from "./body-limit";
import { isMultipart, lastValues, readMultipart } from "./multipart.server";
import { readFields } from "./request.server";

/**
 * A form or API body with at most one image (the logo, a hero slide's photo), read by the one
 * multipart reader (multipart.server.ts) under the car photos' size rule; the bytes are proven an
 * image later by the upload model. A body without a file (JSON, form-encoded, an empty file
 * input) has only text.
 */
export async function readImageForm(
  request: Request,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!isMultipart(request)) {
    const fields = await readFields(request);
    if (!fields) throw new Refusal("unsupported", "Send the image as multipart/form-data");
    const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v == null ? "" : String(v)]));
    return { fields: text, file: null };
  }
  const { fields, files } = await readMultipart(request, {
    fileField,
    maxFiles: 1,
    maxFileBytes: MAX_IMAGE_BYTES,
    maxFields: 50,
    maxFieldBytes: 20_000,
    maxTotalBytes: UPLOAD_BODY_LIMIT,
    tooManyFiles: "Send one image at a time",
    filesTooLarge: () => IMAGE_TOO_LARGE,
    bodyTooLarge: IMAGE_TOO_LARGE,
  });
  return { fields: lastValues(fields), file: files[0]?.bytes ?? null };
}
