import { AddAdminSchema, ChangePasswordSchema, RemoveAdminSchema, SetRoleSchema } from "~/lib/admin-schema";
import { Refusal } from "~/lib/refusal";
import { ROLE_LABELS, type Role } from "~/lib/roles";
import { recordActivity } from "~/models/activity.server";
import {
  type Admin,
  changeAdminPassword,
  hashPassword,
  insertAdmin,
  mustChangePassword,
  removeAdmin,
  setAdminRole,
} from "~/models/admin.server";
import { deleteOtherSessions } from "~/models/session.server";
import {
  type Actor,
  adminOf,
  assertCan,
  confirmOwnPassword,
  parseInput,
  runWrite,
  type StaffActor,
} from "./use-case.server";

/**
 * Staff accounts: adding, removing, changing roles (owners only) and passwords (owners for anyone,
 * everyone for themselves). Every change asks for the actor's own password first, so a stolen
 * session alone cannot take over an account. A password someone else chose (an account an owner
 * adds, a colleague's password an owner resets) must be replaced by its holder at their next
 * sign-in; choosing one's own password ends that.
 */

const SAME_PASSWORD = "Choose a new password, not the one you have now";
const OWN_FIRST = "Choose your own password before changing anyone else's";

/** The staff member acting, asked for their own password (slow work, before the transaction). */
async function confirmed(actor: Actor, currentPassword: string): Promise<StaffActor> {
  const admin = adminOf(actor);
  const staff: StaffActor = actor.kind === "staff" ? actor : { kind: "staff", admin, ip: actor.ip };
  await confirmOwnPassword(staff, currentPassword);
  return staff;
}

export async function addStaff(actor: Actor, input: unknown): Promise<Admin> {
  assertCan(actor, "staff.manage");
  const data = parseInput(AddAdminSchema, input);
  const staff = await confirmed(actor, data.currentPassword);
  const passwordHash = await hashPassword(data.password);
  return runWrite(actor, "staff.manage", async (trx) => {
    const added = await insertAdmin(trx, data.username, passwordHash, data.role, { mustChangePassword: true });
    await recordActivity(trx, staff.admin, {
      action: "admin.add",
      target: { id: added.username },
      detail: ROLE_LABELS[added.role],
    });
    return added;
  });
}

/** A new password for `username`; a sales account may only change its own. */
export async function changeStaffPassword(actor: Actor, input: unknown): Promise<Admin> {
  const data = parseInput(ChangePasswordSchema, input);
  const me = adminOf(actor);
  const own = data.username.trim().toLowerCase() === me.username.toLowerCase();
  const permission = own ? "password.own" : "staff.manage";
  assertCan(actor, permission);
  const pending = await mustChangePassword(me.id);
  if (pending && !own) throw new Refusal("forbidden", OWN_FIRST);
  const staff = await confirmed(actor, data.currentPassword);
  // Keeping the password someone else chose would not end the duty to replace it.
  if (own && pending && data.newPassword === data.currentPassword) {
    throw new Refusal("invalid", SAME_PASSWORD, { newPassword: SAME_PASSWORD });
  }
  const passwordHash = await hashPassword(data.newPassword);
  return runWrite(actor, permission, async (trx) => {
    const admin = await changeAdminPassword(trx, data.username, passwordHash, { chosenByHolder: own });
    // Their other devices sign in again; the session making the change stays.
    await deleteOtherSessions(trx, admin.id, admin.id === me.id ? (staff.token ?? null) : null);
    await recordActivity(trx, me, { action: "admin.password", target: { id: admin.username } });
    return admin;
  });
}

export async function removeStaff(actor: Actor, input: unknown): Promise<Admin> {
  assertCan(actor, "staff.manage");
  const data = parseInput(RemoveAdminSchema, input);
  const { admin: me } = await confirmed(actor, data.currentPassword);
  return runWrite(actor, "staff.manage", async (trx) => {
    const removed = await removeAdmin(trx, me.id, data.username);
    await recordActivity(trx, me, { action: "admin.remove", target: { id: removed.username } });
    return removed;
  });
}

/** Owner or sales for `username`; the last owner stays an owner. */
export async function setStaffRole(actor: Actor, input: unknown): Promise<{ admin: Admin; before: Role }> {
  assertCan(actor, "staff.manage");
  const data = parseInput(SetRoleSchema, input);
  const { admin: me } = await confirmed(actor, data.currentPassword);
  return runWrite(actor, "staff.manage", async (trx) => {
    const changed = await setAdminRole(trx, data.username, data.role);
    if (changed.before !== changed.admin.role) {
      await recordActivity(trx, me, {
        action: "admin.role",
        target: { id: changed.admin.username },
        detail: `${ROLE_LABELS[changed.before]} → ${ROLE_LABELS[changed.admin.role]}`,
      });
    }
    return changed;
  });
}
