import type { ActionFunctionArgs } from "@remix-run/node";
import { readApiBody } from "~/http/forms.server";
import { created, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { LoanApplicationSchema } from "~/lib/lead-schemas";
import { createLoanApplication } from "~/models/lead.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/**
 * POST /api/loan-applications (public): car_name, loan_amount, initial_deposit, loan_period,
 * monthly_repayment. The figures must follow the calculator's rules (deposit 40-90 %, period
 * 3/6/12 months, monthly = (amount − deposit) / months to the kobo). Answers 201 with the stored
 * row, including its `reference`: the handle /api/client-info and /loan-application?application= take.
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readApiBody(request, LoanApplicationSchema, "Error submitting loan application");
  if (!body.ok) return body.response;
  const { id: _id, ...application } = await createLoanApplication(body.data);
  return created(application); // the sequential id never leaves the server
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
