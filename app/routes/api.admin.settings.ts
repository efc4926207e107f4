import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi, requireOwnerApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { refusalResponse } from "~/http/use-case-http.server";
import { getBusiness } from "~/models/business.server";
import { SETTINGS_SAVED, updateSettings } from "~/use-cases/settings.server";

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
    const settings = await updateSettings({ admin, token, ip: clientIp(context) }, body.fields);
    return Response.json({ message: SETTINGS_SAVED, settings });
  } catch (e) {
    return refusalResponse(e);
  }
}
