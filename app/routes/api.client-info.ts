import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRefusal, readApiBody } from "~/http/forms.server";
import { created, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { ClientInfoSchema } from "~/lib/lead-schemas";
import { createClientInfo } from "~/models/lead.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

const FAILURE = "Failed to submit application";

/**
 * POST /api/client-info (public): the eleven client fields, optionally `loan_application` (the
 * reference POST /api/loan-applications answered) to link them; a raw loan_application_id is refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readApiBody(request, ClientInfoSchema, FAILURE);
  if (!body.ok) return body.response;
  const result = await createClientInfo(body.data);
  if (!result.ok) return apiRefusal(FAILURE, { [result.field]: result.error });
  // Sequential ids never leave the server: the application is named by its reference.
  const { id: _id, loan_application_id: _app, ...clientInfo } = result.clientInfo;
  return created({ ...clientInfo, loan_application: body.data.loan_application ?? null });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
