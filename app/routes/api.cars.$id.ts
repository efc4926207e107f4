import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { carListingErrorResponse, readCarUpload } from "~/http/car-upload.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { Refusal } from "~/lib/refusal";
import { getCar, parseCarId } from "~/models/car.server";
import { CarListingError } from "~/models/car-listing.server";
import { deleteCarListing, editCarListing } from "~/use-cases/cars.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: [] }, uploads: ["PUT"] });

/** GET /api/cars/{id}: public, car fields plus images; 404 for an unknown id. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseCarId(params.id);
  const car = id ? await getCar(id) : null;
  if (!car) return jsonError("Car not found", 404);
  return Response.json(car);
}

/** PUT /api/cars/{id} (bearer, multipart plus existingImages) and DELETE /api/cars/{id} (bearer, owners). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const { admin } = await requireAdminApi(request);
  const id = parseCarId(params.id);
  if (request.method === "DELETE") {
    try {
      if (!id) throw new Refusal("not_found", "Car not found");
      await deleteCarListing(staffActor(admin, clientIp(context)), id);
      return Response.json({ message: "Car deleted" });
    } catch (e) {
      return refusalResponse(e);
    }
  }
  if (!id) return jsonError("Car not found", 404);
  try {
    if (!(await getCar(id))) return jsonError("Car not found", 404); // before reading any photo
    const { fields, files } = await readCarUpload(request);
    await editCarListing(staffActor(admin, clientIp(context)), id, fields, files);
    return Response.json({ message: "Car updated successfully", car: await getCar(id) });
  } catch (e) {
    if (e instanceof CarListingError) return carListingErrorResponse(e);
    throw e;
  }
}
