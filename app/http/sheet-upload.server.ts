import { unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_SHEET_BYTES, SHEET_TOO_LARGE } from "~/lib/car-sheet";
import { Refusal } from "~/lib/refusal";
import { isBodyTooLarge } from "./body-limit";

/**
 * Reading a stock spreadsheet upload: multipart with one `file` part (at most 10 MB, counted as
 * it streams) and a few short text fields (dryRun, intent). A refusal is a Refusal.
 */
export interface SheetUpload {
  file: { name: string; bytes: Uint8Array } | null;
  fields: Record<string, string>;
}

export async function readSheetUpload(request: Request): Promise<SheetUpload> {
  if (!/multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    throw new Refusal("unsupported", "Send the spreadsheet as multipart/form-data in a part named file");
  }
  const out: SheetUpload = { file: null, fields: {} };
  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      const limit = typeof filename === "string" ? MAX_SHEET_BYTES : 1024;
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > limit) throw new Refusal("too_large", filename ? SHEET_TOO_LARGE : `The field ${name} is too long`);
        chunks.push(chunk);
      }
      const bytes = Buffer.concat(chunks);
      if (typeof filename === "string") {
        if (name === "file" && filename !== "" && !out.file) out.file = { name: filename, bytes };
      } else if (Object.keys(out.fields).length < 20) out.fields[name] = bytes.toString("utf8");
      return undefined;
    });
  } catch (e) {
    if (e instanceof Refusal) throw e;
    if (isBodyTooLarge(e)) throw new Refusal("too_large", SHEET_TOO_LARGE);
    throw new Refusal("invalid", "The upload could not be read");
  }
  return out;
}
