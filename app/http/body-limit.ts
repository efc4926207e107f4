/** The refusal for a request body over its route's budget (counted by the server as it streams). */
export const BODY_TOO_LARGE = "The request is too large.";

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
