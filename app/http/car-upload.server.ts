import { unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from "~/config/constants";
import { IMAGE_TOO_LARGE } from "~/config/messages";
import type { RawCarFields } from "~/lib/car-schema";
import { Refusal, type RefusalCode } from "~/lib/refusal";
import { isBodyTooLarge } from "./body-limit";
import { readFields } from "./request.server";

/**
 * Reading a car form or API body. Multipart is streamed: the 11th image, the byte after 2 MB of
 * one image or past the server's byte budget stops the read. JSON and form-encoded bodies (no
 * photos) are read too. A refusal is a Refusal; the text fields read so far are in `fields`, the
 * object the caller passed in, so a form can show them again.
 */

export const TOO_MANY_IMAGES = `At most ${MAX_IMAGES_PER_UPLOAD} images can be uploaded at a time`;
const UPLOAD_TOO_LARGE = `${IMAGE_TOO_LARGE}, and at most ${MAX_IMAGES_PER_UPLOAD} images can be sent at a time`;
const MAX_TEXT_FIELD_BYTES = 20_000;
const MAX_TEXT_FIELDS = 200;

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

/** The part's bytes; past `limit` the rest is read and dropped and `tooLarge()` is returned (or thrown). */
async function collect<E extends Refusal>(
  data: AsyncIterable<Uint8Array>,
  limit: number,
  tooLarge: () => E,
): Promise<Buffer | E> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > limit) {
      await drain(data);
      return tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** 'Each image must be under 2MB' and the name of every file that is not. */
export function imagesTooLarge(names: string[]): string {
  return `${IMAGE_TOO_LARGE}: ${names.join(", ")}`;
}

export async function readCarUpload(request: Request, fields: RawCarFields = {}): Promise<CarUpload> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data")) {
    if (type.includes("application/json") || type.includes("application/x-www-form-urlencoded")) {
      const read = await readFields(request);
      if (!read) throw new Refusal("invalid", "The request body could not be read");
      Object.assign(fields, read);
      return { fields, files: [] };
    }
    throw new Refusal("unsupported", "Send the car as multipart/form-data");
  }
  const files: Buffer[] = [];
  const tooLarge: string[] = [];
  let textFields = 0;
  const refuse = (message: string, code: RefusalCode = "too_large") => new Refusal(code, message);
  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      if (typeof filename === "string") {
        // A file input left empty still sends a part with no name and no bytes.
        if (name !== "images" || filename === "") return void (await drain(data));
        if (files.length + tooLarge.length >= MAX_IMAGES_PER_UPLOAD) throw refuse(TOO_MANY_IMAGES);
        // A file over 2 MB is read past (the rest of the form still arrives) and named in the refusal.
        const file = await collect(data, MAX_IMAGE_BYTES, () => new Refusal("too_large", filename));
        if (file instanceof Refusal) tooLarge.push(filename);
        else if (file.length > 0) files.push(file);
        return undefined;
      }
      if (++textFields > MAX_TEXT_FIELDS) throw refuse("Too many form fields");
      const text = await collect(data, MAX_TEXT_FIELD_BYTES, () => refuse(`The field ${name} is too long`));
      if (text instanceof Refusal) throw text;
      addField(fields, name, text.toString("utf8"));
      return undefined;
    });
  } catch (e) {
    if (e instanceof Refusal) throw e;
    if (isBodyTooLarge(e)) throw refuse(UPLOAD_TOO_LARGE);
    throw refuse("The upload could not be read", "invalid");
  }
  if (tooLarge.length) {
    const message = imagesTooLarge(tooLarge);
    throw new Refusal("too_large", message, { images: message });
  }
  return { fields, files };
}

/** The text a form sent, to put back into the form after a refusal (files cannot be kept). */
export function carFormValues(fields: RawCarFields): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return out;
}
