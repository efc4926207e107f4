import type { ActionFunctionArgs } from "@remix-run/node";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { paystackWebhook } from "~/use-cases/reservations.server";
import { visitorActor } from "~/use-cases/use-case.server";

/**
 * POST /api/paystack/webhook: Paystack's events, signed with the secret key. The raw body (read
 * whole by the server within the form budget, server/body-limits.ts) is what the signature
 * covers, so it is checked as bytes before anything reads it: a bad signature is 401.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const raw = Buffer.from(await request.arrayBuffer());
  try {
    await paystackWebhook(visitorActor(clientIp(context)), raw, request.headers.get("x-paystack-signature"));
    return Response.json({ received: true });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
