import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi, requireOwnerApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { notificationsView } from "~/lib/notifications";
import { getNotifications, mailSettings } from "~/models/notifications.server";
import { NOTIFICATIONS_SAVED, updateNotifications } from "~/use-cases/notifications.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * GET /api/admin/notifications (bearer, owners): `{ recipients: [{ email, kinds }], webhooks:
 * [{ url, kinds, created_at }], email: { enabled, server, from } }`.
 * PUT (bearer, owners): `{ recipients, webhooks }` (a list left out keeps its value); answers the
 * saved lists and `secrets: [{ url, secret }]` for the webhooks it added (shown this once).
 * 400 { error, fields } names each refused field ("recipients.1.email", "webhooks.0.url").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwnerApi(request);
  return Response.json({ ...notificationsView(await getNotifications()), email: mailSettings() });
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
