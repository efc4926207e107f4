import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { INTEREST_MAX_DAYS, parseInterestDays } from "~/lib/car-interest";
import { stockInterest } from "~/models/car-interest.server";

/**
 * GET /api/admin/cars/interest?days=30 (bearer, any staff member): every unsold car with what the
 * stock list shows of it: views over 7 days and over `days` (1 to 365, default 30; by source), chat
 * clicks and leads over `days`, and days in stock. Most viewed first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const days = parseInterestDays(new URL(request.url).searchParams.get("days"));
  if (days === null) return jsonError(`days must be a whole number from 1 to ${INTEREST_MAX_DAYS}`, 400);
  return Response.json(
    { days, cars: await stockInterest(days) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function action() {
  return methodNotAllowed(["GET"]);
}
