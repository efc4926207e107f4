import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/auth.server";
import { readCarUpload } from "~/http/car-upload.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { reachMessage } from "~/lib/car-reach";
import type { RawCarFields } from "~/lib/car-schema";
import { edge } from "~/lib/edge";
import { parseCarId } from "~/models/car.server";
import { carReach } from "~/use-cases/cars.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ uploads: ["POST"] });

/**
 * POST /admin/car-reach (signed-in staff; the car form's fields, `carId` for an edit): how many
 * waiting buyers the car as typed would newly reach, asked by the form as its fields change.
 * Answers `{ buyers, message }` (`buyers` null while the fields are not yet a valid car). Nothing
 * is saved.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request).catch(() => null);
  if (!admin) return jsonError("You were signed out.", 401);
  const rawId = new URL(request.url).searchParams.get("carId");
  const id = rawId ? parseCarId(rawId) : null;
  if (rawId && !id) return jsonError("Car not found", 404);
  const fields: RawCarFields = {};
  try {
    await readCarUpload(request, fields);
    const buyers = await carReach(staffActor(admin.admin, clientIp(context)), id, fields);
    return Response.json({ buyers, message: reachMessage(buyers) });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
