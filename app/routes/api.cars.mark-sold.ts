import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { sellCar } from "~/use-cases/cars.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * POST /api/cars/mark-sold (bearer, JSON): { id, make, model, year, color, dateSold, timeSold,
 * salePrice? } stores the sold record (at the agreed salePrice, else the list price) and sets the car sold.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin, token } = await requireAdminApi(request);
  const body = await readApiFields(request, "POST");
  if (!body.ok) return body.response;
  try {
    const { id } = await sellCar(staffActor(admin, clientIp(context), token), body.fields);
    return Response.json({ message: "Car marked as sold", id });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
