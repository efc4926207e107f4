import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed } from "~/lib/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { CarFormError, carFormErrorResponse, updateCarFromRequest } from "~/models/car-form.server";
import { deleteCar, getCar, parseCarId } from "~/models/car.server";

/** GET /api/cars/{id}: public, car fields plus images; 404 for an unknown id. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseCarId(params.id);
  const car = id ? await getCar(id) : null;
  if (!car) return jsonError("Car not found", 404);
  return Response.json(car);
}

/** PUT /api/cars/{id} (bearer, multipart plus existingImages) and DELETE /api/cars/{id} (bearer). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  await requireAdminApi(request);
  const id = parseCarId(params.id);
  if (!id) return jsonError("Car not found", 404);
  if (request.method === "DELETE") {
    return (await deleteCar(id)) ? Response.json({ message: "Car deleted" }) : jsonError("Car not found", 404);
  }
  try {
    await updateCarFromRequest(request, id);
    return Response.json({ message: "Car updated successfully", car: await getCar(id) });
  } catch (e) {
    if (e instanceof CarFormError) return carFormErrorResponse(e);
    throw e;
  }
}
