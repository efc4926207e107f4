import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiBody } from "~/http/forms.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { MarkSoldSchema } from "~/lib/car-schema";
import { firstError } from "~/lib/validation";
import { carTarget, recordActivity } from "~/models/activity.server";
import { markCarSold } from "~/models/car.server";

/** POST /api/cars/mark-sold (bearer, JSON): stores the sold record and sets the car sold. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin } = await requireAdminApi(request);
  const body = await readApiBody(request, MarkSoldSchema, firstError);
  if (!body.ok) return body.response;
  const { id, color, ...sale } = body.data;
  const result = await markCarSold(id, { ...sale, color: color || null });
  if (result === "not-found") return jsonError("Car not found", 404);
  if (result === "already-sold") return jsonError("Car is already marked as sold", 400);
  await recordActivity(admin, { action: "car.sold", target: await carTarget(id) });
  return Response.json({ message: "Car marked as sold", id });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
