import type { ActionFunctionArgs } from "@remix-run/node";
import { readApiBody } from "~/http/forms.server";
import { created, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { ContactSchema } from "~/lib/lead-schemas";
import { createContactMessage } from "~/models/lead.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/** POST /api/contact (public): name, phone, email, message. */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readApiBody(request, ContactSchema, "Error sending message");
  if (!body.ok) return body.response;
  return created(await createContactMessage(body.data));
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
