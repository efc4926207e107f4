import { changeList } from "~/lib/activity";
import {
  AddAdminSchema,
  ChangePasswordSchema,
  RemoveAdminSchema,
  SetRoleSchema,
  StaffDetailsSchema,
} from "~/lib/admin-schema";
import { formatNigerianPhone } from "~/lib/phone";
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
  setAdminDetails,
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

const ROLE = { label: "role" };
const showPhone = (v: unknown) => (typeof v === "string" && v ? formatNigerianPhone(v) : "—");
const DETAIL_FIELDS = { displayName: { label: "display name" }, phone: { label: "phone", show: showPhone } };

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
    const details = { displayName: data.displayName ?? null, phone: data.phone ?? null };
    const added = await insertAdmin(trx, data.username, passwordHash, data.role, { mustChangePassword: true, details });
    await recordActivity(trx, staff.admin, {
      action: "admin.add",
      target: { id: added.username },
      detail: ROLE_LABELS[added.role],
      changes: changeList({}, { role: ROLE_LABELS[added.role], ...details }, { role: ROLE, ...DETAIL_FIELDS }),
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
    await recordActivity(trx, me, {
      action: "admin.password",
      target: { id: admin.username },
      changes: [{ field: "password", secret: true }],
    });
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
        changes: [{ field: "role", from: ROLE_LABELS[changed.before], to: ROLE_LABELS[changed.admin.role] }],
      });
    }
    return changed;
  });
}

/**
 * A staff member's display name and phone, shown on the leads assigned to them: an owner sets
 * anyone's, each person their own. No password asked: neither opens the account.
 */
export async function updateStaffDetails(actor: Actor, input: unknown): Promise<Admin> {
  const data = parseInput(StaffDetailsSchema, input);
  const me = adminOf(actor);
  const permission = data.username.trim().toLowerCase() === me.username.toLowerCase() ? "details.own" : "staff.manage";
  assertCan(actor, permission);
  return runWrite(actor, permission, async (trx) => {
    const next = { displayName: data.displayName, phone: data.phone };
    const { admin, before } = await setAdminDetails(trx, data.username, next);
    const changes = changeList({ ...before }, { ...next }, DETAIL_FIELDS);
    if (changes.length)
      await recordActivity(trx, me, { action: "admin.details", target: { id: admin.username }, changes });
    return admin;
  });
}
