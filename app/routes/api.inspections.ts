import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiBody } from "~/http/forms.server";
import { created, listResponse, parsePaging } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { InspectionSchema } from "~/lib/lead-schemas";
import { createInspection, pageInspections } from "~/models/lead.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/** POST /api/inspections (public): name, phone, email, car_make, car_model, inspection_date, other_info. */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readApiBody(request, InspectionSchema, "Error booking inspection");
  if (!body.ok) return body.response;
  return created(await createInspection(body.data));
}

/** GET /api/inspections (bearer): inspection requests, newest first, a page at a time (`page`, `limit`). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const paging = parsePaging(new URL(request.url).searchParams);
  const { rows, total } = await pageInspections(paging.page, paging.limit);
  return listResponse(request, rows, { ...paging, total });
}
