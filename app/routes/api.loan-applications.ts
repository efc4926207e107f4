import type { ActionFunctionArgs } from "@remix-run/node";
import { readLeadApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { created, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { sendLoanApplication } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/**
 * POST /api/loan-applications (public): car_name, loan_amount, initial_deposit, loan_period,
 * monthly_repayment. The figures must follow the calculator's rules (deposit 40-90 %, period
 * 3/6/12 months, monthly = (amount − deposit) / months to the kobo). Answers 201 with the stored
 * row, including its `reference`: the handle /api/client-info and /loan-application?application= take.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readLeadApiFields(request);
  if (!body.ok) return body.response;
  try {
    const { id: _id, ...application } = await sendLoanApplication(visitorActor(clientIp(context)), body.fields);
    return created(application); // the sequential id never leaves the server
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
