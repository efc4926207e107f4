import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { reservationSettingsView, updateReservationSettings } from "~/use-cases/reservations.server";
import { assertCan, staffActor } from "~/use-cases/use-case.server";

/**
 * GET/PUT /api/admin/reservations/settings (bearer, owners): on/off, the deposit (fixed naira or a
 * percentage), the hold in hours, the terms, and optionally a pasted Paystack secret key. The key
 * is never answered: only where it comes from, its masked form and whether it is a test key.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin, token } = await requireAdminApi(request);
  try {
    assertCan(staffActor(admin, clientIp(context), token), "settings.edit");
    return Response.json(await reservationSettingsView());
  } catch (e) {
    return refusalResponse(e);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const { admin, token } = await requireAdminApi(request);
  const body = await readApiFields(request, "PUT");
  if (!body.ok) return body.response;
  try {
    return Response.json(await updateReservationSettings(staffActor(admin, clientIp(context), token), body.fields));
  } catch (e) {
    return refusalResponse(e);
  }
}
