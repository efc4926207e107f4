import { unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_IMAGE_BYTES } from "~/config/constants";
import { IMAGE_TOO_LARGE } from "~/config/messages";
import { Refusal } from "~/lib/refusal";
import { isBodyTooLarge } from "./body-limit";
import { readFields } from "./request.server";

/**
 * A form or API body with at most one image (the logo, a hero slide's photo), under the car
 * photos' rules: streamed, refused past MAX_IMAGE_BYTES; the bytes are proven an image later by
 * the upload model. A body without a file (JSON, form-encoded, an empty file input) has only text.
 */

const MAX_TEXT_FIELD_BYTES = 20_000;

async function collect(data: AsyncIterable<Uint8Array>, limit: number, message: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > limit) throw new Refusal("too_large", message, {});
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function readImageForm(
  request: Request,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data")) {
    const fields = await readFields(request);
    if (!fields) throw new Refusal("unsupported", "Send the image as multipart/form-data");
    const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v == null ? "" : String(v)]));
    return { fields: text, file: null };
  }
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      if (typeof filename === "string") {
        const bytes = await collect(data, MAX_IMAGE_BYTES, IMAGE_TOO_LARGE);
        if (name === fileField && bytes.length > 0) {
          if (file) throw new Refusal("invalid", "Send one image at a time", { [fileField]: "One image only" });
          file = bytes;
        }
        return undefined;
      }
      fields[name] = (await collect(data, MAX_TEXT_FIELD_BYTES, `The field ${name} is too long`)).toString("utf8");
      return undefined;
    });
  } catch (e) {
    if (e instanceof Refusal) throw e;
    if (isBodyTooLarge(e)) throw new Refusal("too_large", IMAGE_TOO_LARGE, { [fileField]: IMAGE_TOO_LARGE });
    throw new Refusal("invalid", "The upload could not be read");
  }
  return { fields, file };
}
