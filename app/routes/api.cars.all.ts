import { listCars, toPublicCar } from "~/models/car.server";

/** GET /api/cars/all: every unsold car, newest first. */
export async function loader() {
  return Response.json((await listCars()).map(toPublicCar));
}
