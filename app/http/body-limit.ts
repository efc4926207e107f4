import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from "~/config/constants";
import { MAX_SHEET_BYTES } from "~/lib/car-sheet";

/** The refusal for a request body over its route's budget (counted by the server as it streams). */
export const BODY_TOO_LARGE = "The request is too large.";

/** A body with photos (routes declaring `uploads`): ten 2 MB photos plus the text fields. */
export const UPLOAD_BODY_LIMIT = MAX_IMAGES_PER_UPLOAD * MAX_IMAGE_BYTES + 256 * 1024;

/** A body with a stock spreadsheet (routes declaring `sheet`): one 10 MB file plus a few fields. */
export const SHEET_BODY_LIMIT = MAX_SHEET_BYTES + 64 * 1024;

export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly limit: number) {
    super(BODY_TOO_LARGE);
    this.name = "BodyTooLargeError";
  }
}

/** Whether an error (from reading a body) is the server's byte budget running out. */
export function isBodyTooLarge(e: unknown): boolean {
  return (
    e instanceof Error &&
    (e.name === "BodyTooLargeError" || (e.cause instanceof Error && e.cause.name === "BodyTooLargeError"))
  );
}
