import { AddAdminSchema, ChangePasswordSchema, RemoveAdminSchema, SetRoleSchema } from "~/lib/admin-schema";
import { Refusal } from "~/lib/refusal";
import { ROLE_LABELS, type Role } from "~/lib/roles";
import { recordActivityAlone } from "~/models/activity.server";
import {
  type Admin,
  AdminError,
  changeAdminPassword,
  createAdmin,
  mustChangePassword,
  removeAdmin,
  setAdminRole,
} from "~/models/admin.server";
import { deleteOtherSessions } from "~/models/session.server";
import { assertCan, confirmOwnPassword, parseInput, type StaffActor } from "./use-case.server";

/**
 * Staff accounts: adding, removing, changing roles (owners only) and passwords (owners for anyone,
 * everyone for themselves). Every change asks for the actor's own password first, so a stolen
 * session alone cannot take over an account. A password someone else chose (an account an owner
 * adds, a colleague's password an owner resets) must be replaced by its holder at their next
 * sign-in; choosing one's own password ends that.
 */

const SAME_PASSWORD = "Choose a new password, not the one you have now";
const OWN_FIRST = "Choose your own password before changing anyone else's";

function adminRefusal(e: unknown): never {
  if (e instanceof AdminError) {
    if (/^No admin/.test(e.message)) throw new Refusal("not_found", e.message, { username: e.message });
    throw new Refusal("invalid", e.message, { username: e.message });
  }
  throw e;
}

export async function addStaff(actor: StaffActor, input: unknown): Promise<Admin> {
  assertCan(actor, "staff.manage");
  const data = parseInput(AddAdminSchema, input);
  await confirmOwnPassword(actor, data.currentPassword);
  const added = await createAdmin(data.username, data.password, data.role, { mustChangePassword: true }).catch(
    adminRefusal,
  );
  await recordActivityAlone(actor.admin, {
    action: "admin.add",
    target: { id: added.username },
    detail: ROLE_LABELS[added.role],
  });
  return added;
}

/** A new password for `username`; a sales account may only change its own. */
export async function changeStaffPassword(actor: StaffActor, input: unknown): Promise<Admin> {
  const data = parseInput(ChangePasswordSchema, input);
  const own = data.username.trim().toLowerCase() === actor.admin.username.toLowerCase();
  if (own) assertCan(actor, "password.own");
  else assertCan(actor, "staff.manage");
  const pending = await mustChangePassword(actor.admin.id);
  if (pending && !own) throw new Refusal("forbidden", OWN_FIRST);
  await confirmOwnPassword(actor, data.currentPassword);
  // Keeping the password someone else chose would not end the duty to replace it.
  if (own && pending && data.newPassword === data.currentPassword) {
    throw new Refusal("invalid", SAME_PASSWORD, { newPassword: SAME_PASSWORD });
  }
  const admin = await changeAdminPassword(data.username, data.newPassword, { chosenByHolder: own }).catch(adminRefusal);
  // Their other devices sign in again; the session making the change stays.
  await deleteOtherSessions(admin.id, admin.id === actor.admin.id ? (actor.token ?? null) : null);
  await recordActivityAlone(actor.admin, { action: "admin.password", target: { id: admin.username } });
  return admin;
}

export async function removeStaff(actor: StaffActor, input: unknown): Promise<Admin> {
  assertCan(actor, "staff.manage");
  const data = parseInput(RemoveAdminSchema, input);
  await confirmOwnPassword(actor, data.currentPassword);
  const removed = await removeAdmin(actor.admin.id, data.username).catch(adminRefusal);
  await recordActivityAlone(actor.admin, { action: "admin.remove", target: { id: removed.username } });
  return removed;
}

/** Owner or sales for `username`; the last owner stays an owner. */
export async function setStaffRole(actor: StaffActor, input: unknown): Promise<{ admin: Admin; before: Role }> {
  assertCan(actor, "staff.manage");
  const data = parseInput(SetRoleSchema, input);
  await confirmOwnPassword(actor, data.currentPassword);
  const changed = await setAdminRole(data.username, data.role).catch(adminRefusal);
  if (changed.before !== changed.admin.role) {
    await recordActivityAlone(actor.admin, {
      action: "admin.role",
      target: { id: changed.admin.username },
      detail: `${ROLE_LABELS[changed.before]} → ${ROLE_LABELS[changed.admin.role]}`,
    });
  }
  return changed;
}
