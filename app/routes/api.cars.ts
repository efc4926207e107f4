import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseCarFilters } from "~/lib/car-filters";
import { methodNotAllowed } from "~/lib/http.server";
import { hasAuthorization, requireAdminApi } from "~/models/auth.server";
import { addCarFromRequest, CarFormError, carFormErrorResponse } from "~/models/car-form.server";
import { getCar, listAllCarsForAdmin, listCars, toPublicCar } from "~/models/car.server";

/**
 * GET /api/cars: the public search (SPEC §7 query parameters). Invalid values are ignored and
 * named in the X-Ignored-Filters header, never a 500.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // With an Authorization header this is the admin list (all cars, sold too); a bad token is a 401.
  if (hasAuthorization(request)) {
    await requireAdminApi(request);
    return Response.json(await listAllCarsForAdmin());
  }
  const { filters, ignored } = parseCarFilters(new URL(request.url).searchParams);
  const headers = ignored.length ? { "X-Ignored-Filters": ignored.join(",") } : undefined;
  return Response.json((await listCars(filters)).map(toPublicCar), { headers });
}

/** POST /api/cars (bearer, multipart): adds a car with its images (DESIGN §9). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireAdminApi(request);
  try {
    const id = await addCarFromRequest(request);
    return Response.json({ message: "Car added successfully", car: await getCar(id) }, { status: 201 });
  } catch (e) {
    if (e instanceof CarFormError) return carFormErrorResponse(e);
    throw e;
  }
}
