import { MAX_SHEET_BYTES, SHEET_TOO_LARGE } from "~/lib/car-sheet";
import { Refusal } from "~/lib/refusal";
import { SHEET_BODY_LIMIT } from "./body-limit";
import { isMultipart, lastValues, readMultipart } from "./multipart.server";

/**
 * Reading a stock spreadsheet upload through the one multipart reader (multipart.server.ts): one
 * `file` part (at most 10 MB, counted as it streams) and a few short text fields (dryRun, intent).
 */
export interface SheetUpload {
  file: { name: string; bytes: Uint8Array } | null;
  fields: Record<string, string>;
}

export async function readSheetUpload(request: Request): Promise<SheetUpload> {
  if (!isMultipart(request)) {
    throw new Refusal("unsupported", "Send the spreadsheet as multipart/form-data in a part named file");
  }
  const { fields, files } = await readMultipart(request, {
    fileField: "file",
    maxFiles: 1,
    maxFileBytes: MAX_SHEET_BYTES,
    maxFields: 20,
    maxFieldBytes: 1024,
    maxTotalBytes: SHEET_BODY_LIMIT,
    tooManyFiles: "Send one spreadsheet at a time",
    filesTooLarge: () => SHEET_TOO_LARGE,
    bodyTooLarge: SHEET_TOO_LARGE,
  });
  const [file] = files;
  return { file: file ? { name: file.name, bytes: file.bytes } : null, fields: lastValues(fields) };
}
