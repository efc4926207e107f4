import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/http.server";
import { created, readLeadBody } from "~/lib/lead-api.server";
import { ContactSchema } from "~/lib/lead-schemas";
import { createContactMessage } from "~/models/lead.server";

/** POST /api/contact (public): name, phone, email, message. */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readLeadBody(request, ContactSchema, "Error sending message");
  if (!body.ok) return body.response;
  return created(await createContactMessage(body.data));
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
