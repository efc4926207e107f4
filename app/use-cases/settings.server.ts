import type { Business } from "~/lib/business";
import { SettingsSchema, settingsFieldErrors } from "~/lib/business-schema";
import { Refusal } from "~/lib/refusal";
import { recordActivityAlone } from "~/models/activity.server";
import { getBusiness, saveBusiness } from "~/models/business.server";
import { checkImage, deleteImageFiles, ImageRejectedError, saveImage } from "~/models/upload.server";
import { assertCan, type StaffActor } from "./use-case.server";

/**
 * The business settings (owners): a save replaces the document (fields an API caller leaves out
 * keep their value), shows on every public page at the next request and is recorded in the
 * activity trail with the names of the fields that changed.
 */

const LOGO_FORMATS: string[] = ["png", "jpeg", "webp"];
export const LOGO_FORMAT_MESSAGE = "The logo must be a PNG, JPEG or WebP image.";

export const SETTINGS_SAVED = "Settings saved. Every page of the site shows them now.";

const FIELD_LABELS: Record<keyof Business, string> = {
  name: "name",
  shortName: "short name",
  tagline: "tagline",
  email: "email",
  phones: "phones",
  whatsapp: "WhatsApp number",
  address: "address",
  area: "area",
  hours: "opening hours",
  socials: "social links",
  afterSalesServices: "after-sales services",
  chatGreeting: "chat greeting",
  about: "About text",
  promotion: "promotion",
  logo: "logo",
};

function changedFields(before: Business, after: Business): string[] {
  return (Object.keys(FIELD_LABELS) as (keyof Business)[])
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => FIELD_LABELS[k]);
}

export async function updateSettings(actor: StaffActor, input: unknown): Promise<Business> {
  assertCan(actor, "settings.edit");
  const current = await getBusiness();
  const { logo: _logo, ...editable } = current;
  const merged = input && typeof input === "object" && !Array.isArray(input) ? { ...editable, ...input } : input;
  const parsed = SettingsSchema.safeParse(merged);
  if (!parsed.success) {
    const fields = settingsFieldErrors(parsed.error);
    throw new Refusal("invalid", Object.values(fields)[0] ?? "Invalid settings", fields);
  }
  const next: Business = { ...parsed.data, logo: current.logo };
  const changed = changedFields(current, next);
  if (changed.length === 0) return current;
  await saveBusiness(next);
  await recordActivityAlone(actor.admin, {
    action: "settings.update",
    target: { id: null, label: "Business settings" },
    detail: `Changed ${changed.join(", ")}`,
  });
  return next;
}

/** A new logo (PNG, JPEG, WebP, under the car photos' rules), or none with `null`; the old files go. */
export async function setLogo(actor: StaffActor, bytes: Buffer | null): Promise<Business> {
  assertCan(actor, "settings.edit");
  const current = await getBusiness();
  let logo: string | null = null;
  if (bytes) {
    try {
      const checked = await checkImage(bytes);
      if (!LOGO_FORMATS.includes(checked.format)) throw new ImageRejectedError(LOGO_FORMAT_MESSAGE);
      logo = await saveImage(bytes, checked);
    } catch (e) {
      if (!(e instanceof ImageRejectedError)) throw e;
      const code = e.problem === "too-large" ? "too_large" : "invalid";
      throw new Refusal(code, e.message, { logo: e.message });
    }
  }
  const next = { ...current, logo };
  await saveBusiness(next);
  if (current.logo) await deleteImageFiles(current.logo);
  await recordActivityAlone(actor.admin, {
    action: "settings.logo",
    target: { id: null, label: "Logo" },
    detail: logo ? "New logo" : "Logo removed",
  });
  return next;
}
