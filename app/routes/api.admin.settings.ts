import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi, requireOwnerApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { getBusiness } from "~/models/business.server";
import { SETTINGS_SAVED, updateSettings } from "~/use-cases/settings.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * GET /api/admin/settings (bearer, owners): the business settings.
 * PUT /api/admin/settings (bearer, owners): the settings to change; fields left out keep their
 * value. 400 { error, fields } names each refused field ("phones.1", "hours.sat").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwnerApi(request);
  return Response.json({ settings: await getBusiness() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const { admin, token } = await requireAdminApi(request);
  const body = await readApiFields(request, "PUT");
  if (!body.ok) return body.response;
  try {
    const settings = await updateSettings(staffActor(admin, clientIp(context), token), body.fields);
    return Response.json({ message: SETTINGS_SAVED, settings });
  } catch (e) {
    return refusalResponse(e);
  }
}
