import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { listResponse, parsePaging } from "~/http/responses.server";
import { filtersFor, parseLeadFilters } from "~/lib/leads";
import { pageLeads } from "~/models/lead-inbox.server";

/**
 * GET /api/admin/leads?kind=&status=&from=&to=&car=&q=&assignee=&page=&limit= (bearer): the leads
 * inbox, newest first (`assignee` is me, none or a username), a JSON array of { id, kind, status,
 * created_at, name, phone, email, car_id, summary, note, updated_by, updated_at, assignee } with
 * X-Total-Count and Link; unreadable filters are named in X-Ignored-Filters.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdminApi(request);
  const params = new URL(request.url).searchParams;
  const paging = parsePaging(params);
  const { filters, ignored } = parseLeadFilters(params);
  const { leads, total } = await pageLeads(filtersFor(filters, admin), paging.page, paging.limit, {
    clamp: false,
  });
  return listResponse(request, leads, { ...paging, total, ignored: [...ignored, ...paging.ignored] });
}
