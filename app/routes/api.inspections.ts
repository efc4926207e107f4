import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readLeadApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { created, listResponse, parsePaging } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { parseInspectionView } from "~/lib/inspection-views";
import { leadScope } from "~/lib/leads";
import { pageInspections } from "~/models/lead.server";
import { bookInspection } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/**
 * POST /api/inspections (public): name, phone, email, car_make, car_model, inspection_date,
 * other_info, and optionally car_id (the car it is booked for: an id that names no car is refused).
 * The same use case as the page (bookInspection: a day the showroom opens, among its checks).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readLeadApiFields(request);
  if (!body.ok) return body.response;
  try {
    const { inspection } = await bookInspection(visitorActor(clientIp(context)), body.fields, "refuse");
    return created(inspection);
  } catch (e) {
    return refusalResponse(e);
  }
}

/**
 * GET /api/inspections (bearer): inspection requests a page at a time (`page`, `limit`), each with
 * its `car` (or null). Newest booking first; `view=upcoming|today|past` lists by inspection date
 * as the back office does (soonest first; past latest first). A sales account gets the bookings it
 * may see: its own and the new unassigned ones.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdminApi(request);
  const params = new URL(request.url).searchParams;
  const paging = parsePaging(params);
  const order = params.has("view") ? parseInspectionView(params.get("view")) : "received";
  const { rows, total } = await pageInspections(order, paging.page, paging.limit, undefined, leadScope(admin));
  return listResponse(request, rows, { ...paging, total });
}
