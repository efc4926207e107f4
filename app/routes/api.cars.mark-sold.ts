import type { ActionFunctionArgs } from "@remix-run/node";
import { firstIssue } from "~/lib/admin-schema";
import { MarkSoldSchema } from "~/lib/car-schema";
import { jsonError, methodNotAllowed, readFields } from "~/lib/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { markCarSold } from "~/models/car.server";

/** POST /api/cars/mark-sold (bearer, JSON): stores the sold record and sets the car sold. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdminApi(request);
  const fields = await readFields(request);
  if (!fields) return jsonError("Send the sold record as JSON", 400);
  const parsed = MarkSoldSchema.safeParse(fields);
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  const { id, color, ...sale } = parsed.data;
  const result = await markCarSold(id, { ...sale, color: color || null });
  if (result === "not-found") return jsonError("Car not found", 404);
  if (result === "already-sold") return jsonError("Car is already marked as sold", 400);
  return Response.json({ message: "Car marked as sold", id });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
