import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { getReservation } from "~/models/reservations.server";
import { changeReservation, RESERVATION_NOT_FOUND } from "~/use-cases/reservations.server";
import { staffActor } from "~/use-cases/use-case.server";

/** GET /api/admin/reservations/{reference} (bearer): the reservation as stored. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const r = await getReservation(params.reference ?? "");
  return r ? Response.json(r) : jsonError(RESERVATION_NOT_FOUND, 404);
}

/**
 * PATCH /api/admin/reservations/{reference} (bearer): `{ action: "extend", hours? }` (24 unless
 * told), `{ action: "convert" }` (the car marked sold, the deposit noted on the sale),
 * `{ action: "cancel" }` or `{ action: "refunded", note? }` (refunded by hand); answers the
 * reservation. A change its status does not allow is 409.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const { admin, token } = await requireAdminApi(request);
  const body = await readApiFields(request, "PATCH");
  if (!body.ok) return body.response;
  try {
    const actor = staffActor(admin, clientIp(context), token);
    return Response.json(await changeReservation(actor, params.reference ?? "", body.fields));
  } catch (e) {
    return refusalResponse(e);
  }
}
