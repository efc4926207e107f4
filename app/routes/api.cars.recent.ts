import { listRecentCars, toPublicCar } from "~/models/car.server";

/** GET /api/cars/recent: unsold cars, newest first. */
export async function loader() {
  return Response.json((await listRecentCars()).map(toPublicCar));
}
