/** One way to answer JSON errors: { "error": message } with a fitting status (DESIGN §8). */
export function jsonError(message: string, status: number, headers?: HeadersInit): Response {
  return Response.json({ error: message }, { status, headers });
}

/** Throws a 404 when a thing is missing; pages get the styled 404, API routes catch it. */
export function notFoundIfMissing<T>(value: T | null | undefined, message = "Not found"): T {
  if (value === null || value === undefined) {
    throw new Response(message, { status: 404 });
  }
  return value;
}

export function methodNotAllowed(allowed: string[]): Response {
  return jsonError("Method not allowed", 405, { Allow: allowed.join(", ") });
}

/**
 * Reads a request body as plain fields, whether it is JSON or form-encoded.
 * Returns null when the body cannot be read (malformed JSON, wrong type).
 */
export async function readFields(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body = await request.json();
      return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await request.formData();
      const out: Record<string, unknown> = {};
      for (const [k, v] of form) if (typeof v === "string") out[k] = v;
      return out;
    }
  } catch {
    return null;
  }
  return null;
}
