import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, readFields } from "~/lib/http.server";
import { NEWSLETTER_SUCCESS, parseNewsletter } from "~/lib/newsletter-schema";
import { subscribe } from "~/models/newsletter.server";

/** POST /api/newsletter: name and email (JSON or form). A repeated email is a success, stored once. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const fields = await readFields(request);
  if (!fields) return jsonError("Send JSON or a form with name and email", 415);
  const parsed = parseNewsletter(fields);
  if (!parsed.ok) {
    return Response.json({ error: Object.values(parsed.errors)[0], errors: parsed.errors }, { status: 400 });
  }
  const { created } = await subscribe(parsed.data);
  return Response.json({ message: NEWSLETTER_SUCCESS, created }, { status: created ? 201 : 200 });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
