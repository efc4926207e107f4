import { unstable_parseMultipartFormData } from "@remix-run/node";
import { Refusal } from "~/lib/refusal";
import { isBodyTooLarge } from "./body-limit";

/**
 * The one reader of multipart bodies: car photos, the logo, hero slides' photos and stock files.
 * It streams: every part's bytes are counted as they arrive, against the part's limit and the
 * body's total, so nothing past a limit is ever held in memory. A file over its limit is read past
 * (the rest of the form still arrives) and every such file is named in one refusal at the end;
 * too many files, too many or too long text fields, or a body past its total stop the read at
 * once. Every refusal is a Refusal: `too_large` with the text the caller's rules give (a refusal
 * about files names the file field), or `invalid` for a body that cannot be read as multipart.
 */

export interface MultipartRules {
  /** The file field kept; a file part under another name, or an empty file input, is read past and dropped. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  maxFields: number;
  maxFieldBytes: number;
  /** Every part's bytes together (the server's edge counts the wire too: docs/architecture.md#body-limits). */
  maxTotalBytes: number;
  /** The refusal's text for one file more than maxFiles. */
  tooManyFiles: string;
  /** The refusal's text for the files over maxFileBytes, by name. */
  filesTooLarge: (names: string[]) => string;
  /** The refusal's text for a body past maxTotalBytes (or the server's budget). */
  bodyTooLarge: string;
}

export interface MultipartFile {
  /** The file's name as the browser sent it. */
  name: string;
  bytes: Buffer;
}

/** Text fields as sent: a repeated name keeps every value, in order. */
export type MultipartFields = Record<string, string | string[] | undefined>;

export function isMultipart(request: Request): boolean {
  return /multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");
}

/**
 * Reads a multipart body under `rules`. The text fields go into `fields` as they arrive (pass
 * your own object to keep what was read before a refusal, for a form shown again).
 */
export async function readMultipart(
  request: Request,
  rules: MultipartRules,
  fields: MultipartFields = {},
): Promise<{ fields: MultipartFields; files: MultipartFile[] }> {
  const files: MultipartFile[] = [];
  const oversized: string[] = [];
  const fileRefusal = (message: string) => new Refusal("too_large", message, { [rules.fileField]: message });
  let textFields = 0;
  let total = 0;

  /** The part's bytes, or null when it passed `limit` and was read past; past the total, a refusal. */
  async function collect(data: AsyncIterable<Uint8Array>, limit: number, tooLong?: () => Refusal) {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (total > rules.maxTotalBytes) throw fileRefusal(rules.bodyTooLarge);
      if (size <= limit) chunks.push(chunk);
      else if (tooLong) throw tooLong();
      else chunks.length = 0; // read past: nothing of it is kept
    }
    return size > limit ? null : Buffer.concat(chunks);
  }

  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      if (typeof filename === "string") {
        if (name !== rules.fileField || filename === "") return void (await collect(data, 0));
        if (files.length + oversized.length >= rules.maxFiles) throw fileRefusal(rules.tooManyFiles);
        const bytes = await collect(data, rules.maxFileBytes);
        if (bytes === null) oversized.push(filename);
        else if (bytes.length > 0) files.push({ name: filename, bytes });
        return undefined;
      }
      if (++textFields > rules.maxFields) throw new Refusal("too_large", "Too many form fields");
      const tooLong = () => new Refusal("too_large", `The field ${name} is too long`);
      const text = (await collect(data, rules.maxFieldBytes, tooLong)) ?? Buffer.alloc(0);
      const value = text.toString("utf8");
      const prev = fields[name];
      fields[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      return undefined;
    });
  } catch (e) {
    if (e instanceof Refusal) throw e;
    if (isBodyTooLarge(e)) throw fileRefusal(rules.bodyTooLarge);
    throw new Refusal("invalid", "The upload could not be read");
  }
  if (oversized.length) throw fileRefusal(rules.filesTooLarge(oversized));
  return { fields, files };
}

/** The last value of each field (forms whose names are not repeated). */
export function lastValues(fields: MultipartFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = Array.isArray(v) ? (v.at(-1) ?? "") : v;
  return out;
}
