import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { removeDemoStock } from "~/use-cases/demo.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * POST /api/admin/demo/remove (bearer, owners): removes every demo car with its photos and the
 * sample bookings; answers { message, removed (cars), bookings }.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin, token } = await requireAdminApi(request);
  try {
    const { removed, bookings, message } = await removeDemoStock(staffActor(admin, clientIp(context), token));
    return Response.json({ message, removed, bookings });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
