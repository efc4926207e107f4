import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { carListingErrorResponse, readCarUpload } from "~/http/car-upload.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { carTarget, recordActivity } from "~/models/activity.server";
import { deleteCar, getCar, parseCarId } from "~/models/car.server";
import { CarListingError, saveCarEdit } from "~/models/car-listing.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: [] }, uploads: ["PUT"] });

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
  const { admin } = await requireAdminApi(request);
  const id = parseCarId(params.id);
  if (!id) return jsonError("Car not found", 404);
  if (request.method === "DELETE") {
    const target = await carTarget(id);
    if (!(await deleteCar(id))) return jsonError("Car not found", 404);
    await recordActivity(admin, { action: "car.delete", target });
    return Response.json({ message: "Car deleted" });
  }
  try {
    if (!(await getCar(id))) return jsonError("Car not found", 404); // before reading any photo
    const { fields, files } = await readCarUpload(request);
    await saveCarEdit(id, fields, files);
    await recordActivity(admin, { action: "car.update", target: await carTarget(id) });
    return Response.json({ message: "Car updated successfully", car: await getCar(id) });
  } catch (e) {
    if (e instanceof CarListingError) return carListingErrorResponse(e);
    throw e;
  }
}
