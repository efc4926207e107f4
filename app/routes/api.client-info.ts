import type { ActionFunctionArgs } from "@remix-run/node";
import { readLeadApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { created, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { sendClientInfo } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/**
 * POST /api/client-info (public): the eleven client fields, optionally `loan_application` (the
 * reference POST /api/loan-applications answered) to link them; a raw loan_application_id is refused.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readLeadApiFields(request);
  if (!body.ok) return body.response;
  try {
    const stored = await sendClientInfo(visitorActor(clientIp(context)), body.fields, "optional");
    // Sequential ids never leave the server: the application is named by its reference.
    const { id: _id, loan_application_id: _app, ...clientInfo } = stored.clientInfo;
    return created({ ...clientInfo, loan_application: stored.reference });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
