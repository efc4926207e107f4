import type { ActionFunctionArgs } from "@remix-run/node";
import { readLeadApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { created, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { sendContactMessage } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/** POST /api/contact (public): name, phone, email, message, and optionally car_id (refused when it names no car). */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readLeadApiFields(request);
  if (!body.ok) return body.response;
  try {
    const { message } = await sendContactMessage(visitorActor(clientIp(context)), body.fields, "refuse");
    return created(message);
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
