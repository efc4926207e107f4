import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readCarUpload } from "~/http/car-upload.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp, hasAuthorization } from "~/http/request.server";
import { listResponse, methodNotAllowed, parsePaging } from "~/http/responses.server";
import { toPublicCar } from "~/lib/car";
import { CAR_FILTER_PARAMS, parseCarFilters } from "~/lib/car-filters";
import { edge } from "~/lib/edge";
import { getCar, pageCars } from "~/models/car.server";
import { addCarListing } from "~/use-cases/cars.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: [...CAR_FILTER_PARAMS, "page", "limit"] }, uploads: ["POST"] });

/**
 * GET /api/cars: the public search (q, body_type, make, ..., customs_duty_paid, hide_reserved, `sort` and
 * `page`/`limit`), a JSON array
 * with X-Total-Count and Link headers. Invalid values are ignored and named in the
 * X-Ignored-Filters header, never a 500. With a bearer token it is the admin list instead:
 * every car, sold ones too, paged the same way.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const paging = parsePaging(params);
  if (hasAuthorization(request)) {
    await requireAdminApi(request);
    const { cars, total } = await pageCars({}, paging.page, paging.limit, { clamp: false, includeSold: true });
    return listResponse(request, cars, { ...paging, total });
  }
  const { filters, ignored, sort } = parseCarFilters(params);
  const { cars, total } = await pageCars(filters, paging.page, paging.limit, { clamp: false, sort });
  return listResponse(request, cars.map(toPublicCar), { ...paging, total, ignored: [...ignored, ...paging.ignored] });
}

/** POST /api/cars (bearer, multipart): adds a car with its images (upload rules: docs/architecture.md). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { admin } = await requireAdminApi(request);
  try {
    const { fields, files } = await readCarUpload(request);
    const { id } = await addCarListing(staffActor(admin, clientIp(context)), fields, files);
    return Response.json({ message: "Car added successfully", car: await getCar(id) }, { status: 201 });
  } catch (e) {
    return refusalResponse(e);
  }
}
