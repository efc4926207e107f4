import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRefusal, readLeadApiBody } from "~/http/forms.server";
import { created, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { ContactSchema, unknownCar } from "~/lib/lead-schemas";
import { createContactMessage, formCar } from "~/models/lead.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/** POST /api/contact (public): name, phone, email, message, and optionally car_id (refused when it names no car). */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readLeadApiBody(request, ContactSchema, "Error sending message");
  if (!body.ok) return body.response;
  if (body.data.car_id && !(await formCar(body.data.car_id))) {
    const message = unknownCar(body.data.car_id);
    return apiRefusal(message, { car_id: message });
  }
  return created(await createContactMessage(body.data));
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
