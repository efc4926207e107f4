import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { unsellCar } from "~/use-cases/cars.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * POST /api/cars/unsell (bearer, JSON, owners): { id } puts a car marked sold by mistake back on
 * sale; its sale record is removed and the activity trail keeps what it was. 400 when the car is
 * not sold, 409 when the sale came with a reservation deposit.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin, token } = await requireAdminApi(request);
  const body = await readApiFields(request, "POST");
  if (!body.ok) return body.response;
  try {
    const { id } = await unsellCar(staffActor(admin, clientIp(context), token), body.fields);
    return Response.json({ message: "Car put back on sale", id });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
