import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermissionApi } from "~/http/auth.server";
import { listResponse, parsePaging } from "~/http/responses.server";
import { pageAlerts } from "~/models/alerts.server";

/**
 * GET /api/admin/alerts?page=&limit= (bearer): buyers' alerts, newest first, a JSON array of
 * { id, email, kind, about, search, car_id, status, created_at, confirmed_at, matches_sent,
 * waiting } with X-Total-Count and Link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermissionApi(request, "alerts.read");
  const paging = parsePaging(new URL(request.url).searchParams);
  const { alerts, total } = await pageAlerts(paging.page, paging.limit, { clamp: false });
  return listResponse(request, alerts, { ...paging, total, ignored: paging.ignored });
}
