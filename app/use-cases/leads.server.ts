import { type LeadKind, LeadUpdateSchema, leadActivity, leadScope } from "~/lib/leads";
import { Refusal } from "~/lib/refusal";
import { recordActivityAlone } from "~/models/activity.server";
import { findAdminByUsername } from "~/models/admin.server";
import { type LeadDetail, type LeadWrite, updateLead } from "~/models/lead-inbox.server";
import { assertCan, parseInput, type StaffActor } from "./use-case.server";

/**
 * Answering a lead (owners and sales, from its page and PATCH /api/admin/leads/{kind}/{id}): its
 * status, its note and who it is assigned to. A change is written with who made it and recorded in
 * the activity trail, which is also the lead's history; nothing is recorded when nothing changes.
 * A sales account answers only the leads it may see (`leadScope`): another's is not found; moving
 * a new unassigned lead on assigns it to them unless they name someone.
 */

export const LEAD_NOT_FOUND = "Lead not found";

export const unknownAssignee = (username: string) =>
  `There is no staff member called "${username}". Choose someone from the staff list, or nobody.`;

export async function answerLead(actor: StaffActor, kind: LeadKind, id: number, input: unknown): Promise<LeadDetail> {
  assertCan(actor, "leads.answer");
  const { assignee, ...rest } = parseInput(LeadUpdateSchema, input);
  const write: LeadWrite = { ...rest };
  if (assignee !== undefined) {
    const staff = assignee === null ? null : await findAdminByUsername(assignee);
    if (assignee !== null && !staff) {
      const message = unknownAssignee(assignee);
      throw new Refusal("invalid", message, { assignee: message });
    }
    write.assigneeId = staff ? staff.id : null;
  }
  const change = await updateLead(kind, id, write, actor.admin.username, leadScope(actor.admin));
  if (!change) throw new Refusal("not_found", LEAD_NOT_FOUND);
  if (change.changed.length) await recordActivityAlone(actor.admin, leadActivity(change.lead, change));
  return change.lead;
}
