import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { apiRefusal, readLeadApiBody } from "~/http/forms.server";
import { created, listResponse, parsePaging } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { parseInspectionView } from "~/lib/inspection-views";
import { InspectionSchema, unknownCar } from "~/lib/lead-schemas";
import { leadScope } from "~/lib/leads";
import { inspectionDayError } from "~/models/business.server";
import { createInspection, formCar, pageInspections } from "~/models/lead.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/**
 * POST /api/inspections (public): name, phone, email, car_make, car_model, inspection_date,
 * other_info, and optionally car_id (the car it is booked for: an id that names no car is refused).
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readLeadApiBody(request, InspectionSchema, "Error booking inspection");
  if (!body.ok) return body.response;
  if (body.data.car_id && !(await formCar(body.data.car_id))) {
    const message = unknownCar(body.data.car_id);
    return apiRefusal(message, { car_id: message });
  }
  // Only on a day the showroom opens (the business settings' hours).
  const closed = await inspectionDayError(body.data.inspection_date);
  if (closed) return apiRefusal(closed, { inspection_date: closed });
  return created(await createInspection(body.data));
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
