import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { methodNotAllowed } from "~/http/responses.server";
import { monthlyInspectionStats } from "~/models/stats.server";

/** GET /api/admin/inspections/stats: twelve monthly counts of this year's inspection requests. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return Response.json(await monthlyInspectionStats());
}

export function action() {
  return methodNotAllowed(["GET"]);
}
