import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { isLeadKind, type LeadKind, leadScope, parseLeadId } from "~/lib/leads";
import { getLead } from "~/models/lead-inbox.server";
import { answerLead, LEAD_NOT_FOUND as NOT_FOUND } from "~/use-cases/leads.server";
import { staffActor } from "~/use-cases/use-case.server";

function leadKey(params: { kind?: string; id?: string }): { kind: LeadKind; id: number } | null {
  const id = parseLeadId(params.id);
  return isLeadKind(params.kind) && id !== null ? { kind: params.kind, id } : null;
}

/**
 * GET /api/admin/leads/{kind}/{id} (bearer): the lead with every field the buyer sent; 404 `Lead
 * not found`, also for a lead a sales account may not see (another's, or one no longer new).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdminApi(request);
  const key = leadKey(params);
  const lead = key ? await getLead(key.kind, key.id, leadScope(admin)) : null;
  return lead ? Response.json(lead) : jsonError(NOT_FOUND, 404);
}

/**
 * PATCH /api/admin/leads/{kind}/{id} (bearer): `{ status, note, assignee }` (any may be left out; a
 * blank or null note or assignee clears it; `assignee` is a staff member's username) answers the
 * updated lead; a bad status or an unknown username is 400 `{ error, fields }`.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const { admin, token } = await requireAdminApi(request);
  const key = leadKey(params);
  if (!key) return jsonError(NOT_FOUND, 404);
  const body = await readApiFields(request, "PATCH");
  if (!body.ok) return body.response;
  try {
    return Response.json(await answerLead(staffActor(admin, clientIp(context), token), key.kind, key.id, body.fields));
  } catch (e) {
    return refusalResponse(e);
  }
}
