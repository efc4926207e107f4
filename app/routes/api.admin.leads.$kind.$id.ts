import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiBody } from "~/http/forms.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { isLeadKind, type LeadKind, LeadUpdateSchema, leadActivity, parseLeadId } from "~/lib/leads";
import { firstError } from "~/lib/validation";
import { recordActivity } from "~/models/activity.server";
import { getLead, updateLead } from "~/models/lead-inbox.server";

const NOT_FOUND = "Lead not found";

function leadKey(params: { kind?: string; id?: string }): { kind: LeadKind; id: number } | null {
  const id = parseLeadId(params.id);
  return isLeadKind(params.kind) && id !== null ? { kind: params.kind, id } : null;
}

/** GET /api/admin/leads/{kind}/{id} (bearer): the lead with every field the buyer sent; 404 `Lead not found`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const key = leadKey(params);
  const lead = key ? await getLead(key.kind, key.id) : null;
  return lead ? Response.json(lead) : jsonError(NOT_FOUND, 404);
}

/**
 * PATCH /api/admin/leads/{kind}/{id} (bearer): `{ status, note }` (either may be left out; a blank
 * or null note clears it) answers the updated lead; a bad status is 400 `{ error, fields }`.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const { admin } = await requireAdminApi(request);
  const key = leadKey(params);
  if (!key) return jsonError(NOT_FOUND, 404);
  const body = await readApiBody(request, LeadUpdateSchema, firstError, "PATCH");
  if (!body.ok) return body.response;
  const change = await updateLead(key.kind, key.id, body.data, admin.username);
  if (!change) return jsonError(NOT_FOUND, 404);
  if (change.changed.length) await recordActivity(admin, leadActivity(change.lead, change));
  return Response.json(change.lead);
}
