import { listFinancingCars, toPublicCar } from "~/models/car.server";

/** GET /api/cars/financing: unsold cars with financing on. */
export async function loader() {
  return Response.json((await listFinancingCars()).map(toPublicCar));
}
