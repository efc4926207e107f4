import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/auth.server";
import { saveCarForm } from "~/http/car-form.server";
import { clientIp } from "~/http/request.server";
import { jsonError } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { parseCarId } from "~/models/car.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ uploads: ["POST"] });

/**
 * POST /admin/car-upload (signed-in staff; multipart like the car form, `carId` for an edit): the
 * car form's own upload when JavaScript runs (photos resized in the browser, progress shown).
 * Answers JSON: { ok: true, location } or the refusal { ok: false, error, fieldErrors, values }.
 * A signed-out session answers 401 so the page can keep the car on the device.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request).catch(() => null);
  if (!admin) return jsonError("You were signed out. Sign in again: this car is kept on this device.", 401);
  const rawId = new URL(request.url).searchParams.get("carId");
  const id = rawId ? parseCarId(rawId) : null;
  if (rawId && !id) return jsonError("Car not found", 404);
  const answer = await saveCarForm(request, staffActor(admin.admin, clientIp(context)), id);
  if (answer.ok) return Response.json({ ok: true, location: `/admin/create-listing?done=${answer.done}` });
  const { status, ...failure } = answer;
  return Response.json(failure, { status });
}
