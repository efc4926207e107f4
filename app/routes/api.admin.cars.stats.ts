import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { methodNotAllowed } from "~/http/responses.server";
import { monthlyCarStats } from "~/models/stats.server";

/** GET /api/admin/cars/stats: { created: [12], sold: [12] } for this year. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return Response.json(await monthlyCarStats());
}

export function action() {
  return methodNotAllowed(["GET"]);
}
