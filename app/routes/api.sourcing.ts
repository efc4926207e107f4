import type { ActionFunctionArgs } from "@remix-run/node";
import { readLeadApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { created, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { requestSourcing } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts): a buyer's lead, on the lead budget. */
export const handle = edge({ leads: "api" });

/**
 * POST /api/sourcing (public): name, phone, car_wanted, optional budget (naira) and search; the
 * bot guard of the other lead APIs first (the honeypot; a stamp when sent).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readLeadApiFields(request);
  if (!body.ok) return body.response;
  try {
    return created(await requestSourcing(visitorActor(clientIp(context)), body.fields));
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
