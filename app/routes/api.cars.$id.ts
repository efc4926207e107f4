import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/lib/http.server";
import { getCar, parseCarId } from "~/models/car.server";

/** GET /api/cars/{id}: public, car fields plus images; 404 for an unknown id. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseCarId(params.id);
  const car = id ? await getCar(id) : null;
  if (!car) return jsonError("Car not found", 404);
  return Response.json(car);
}
