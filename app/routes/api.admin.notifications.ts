import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { notificationsView } from "~/lib/notifications";
import { getNotifications, mailSettings, whatsappEnabled } from "~/models/notifications.server";
import { NOTIFICATIONS_SAVED, updateNotifications } from "~/use-cases/notifications.server";
import { assertCan, staffActor } from "~/use-cases/use-case.server";

/**
 * GET /api/admin/notifications (bearer, owners): `{ recipients: [{ email, whatsapp, kinds }],
 * webhooks: [{ url, kinds, created_at }], templates: { lead, alert, language }, email: { enabled,
 * server, from }, whatsapp: { enabled } }` (`whatsapp` of a recipient: +2348035550142 or null).
 * PUT (bearer, owners): `{ recipients, webhooks, templates }` (a part left out keeps its value);
 * answers the saved document and `secrets: [{ url, secret }]` for the webhooks it added (shown
 * this once). 400 { error, fields } names each refused field ("recipients.1.whatsapp", "webhooks.0.url").
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin } = await requireAdminApi(request);
  try {
    assertCan(staffActor(admin, clientIp(context)), "notifications.manage");
  } catch (e) {
    return refusalResponse(e);
  }
  return Response.json({
    ...notificationsView(await getNotifications()),
    email: mailSettings(),
    whatsapp: { enabled: whatsappEnabled() },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const { admin, token } = await requireAdminApi(request);
  const body = await readApiFields(request, "PUT");
  if (!body.ok) return body.response;
  try {
    const saved = await updateNotifications(staffActor(admin, clientIp(context), token), body.fields);
    return Response.json({ message: NOTIFICATIONS_SAVED, ...saved.notifications, secrets: saved.secrets });
  } catch (e) {
    return refusalResponse(e);
  }
}
