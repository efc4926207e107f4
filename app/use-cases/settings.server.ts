import { type ChangeField, changeList, shownValue } from "~/lib/activity";
import { type Business, hoursLines, type Promotion, type Social, type WeekHours } from "~/lib/business";
import { SettingsSchema, settingsFieldErrors } from "~/lib/business-schema";
import { Refusal } from "~/lib/refusal";
import { recordActivity } from "~/models/activity.server";
import { getBusiness, saveBusiness } from "~/models/business.server";
import { checkImage, deleteImageFiles, ImageRejectedError, saveImage } from "~/models/upload.server";
import { type Actor, adminOf, assertCan, runWrite } from "./use-case.server";

/**
 * The business settings (owners): a save replaces the document (fields an API caller leaves out
 * keep their value), shows on every public page at the next request and is recorded in the
 * activity trail with the fields that changed, old and new.
 */

const LOGO_FORMATS: string[] = ["png", "jpeg", "webp"];
const LOGO_FORMAT_MESSAGE = "The logo must be a PNG, JPEG or WebP image.";

export const SETTINGS_SAVED = "Settings saved. Every page of the site shows them now.";

const hoursText = (v: unknown) =>
  hoursLines(v as WeekHours)
    .map((l) => `${l.days} ${l.time}`)
    .join("; ");
const socialsText = (v: unknown) => shownValue((v as Social[]).map((x) => `${x.name} ${x.url}`));
const promotionText = (v: unknown) => shownValue((v as Promotion | null)?.text);

/** The settings as the trail names and shows them. */
const CHANGE_FIELDS: Record<keyof Business, ChangeField> = {
  name: { label: "name" },
  shortName: { label: "short name" },
  tagline: { label: "tagline" },
  email: { label: "email" },
  phones: { label: "phones" },
  whatsapp: { label: "WhatsApp number" },
  address: { label: "address" },
  area: { label: "area" },
  hours: { label: "opening hours", show: hoursText },
  socials: { label: "social links", show: socialsText },
  afterSalesServices: { label: "after-sales services" },
  chatGreeting: { label: "chat greeting" },
  about: { label: "About text" },
  promotion: { label: "promotion", show: promotionText },
  catalogueFeed: { label: "catalogue feed" },
  publishVins: { label: "VINs in the catalogue feed" },
  logo: { label: "logo" },
};

export async function updateSettings(actor: Actor, input: unknown): Promise<Business> {
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
  const changes = changeList({ ...current }, { ...next }, CHANGE_FIELDS);
  if (changes.length === 0) return current;
  await runWrite(actor, "settings.edit", async (trx) => {
    await saveBusiness(trx, next);
    await recordActivity(trx, adminOf(actor), {
      action: "settings.update",
      target: { id: null, label: "Business settings" },
      changes,
    });
  });
  return next;
}

/**
 * A new logo (PNG, JPEG, WebP, under the car photos' rules), or none with `null`. The image is
 * processed before the transaction; the old files go after it commits (the new ones when it fails).
 */
export async function setLogo(actor: Actor, bytes: Buffer | null): Promise<Business> {
  assertCan(actor, "settings.edit");
  let logo: string | null = null;
  if (bytes) {
    try {
      const checked = await checkImage(bytes);
      if (!LOGO_FORMATS.includes(checked.format)) {
        throw new Refusal("invalid", LOGO_FORMAT_MESSAGE, { logo: LOGO_FORMAT_MESSAGE });
      }
      logo = await saveImage(bytes, checked);
    } catch (e) {
      if (!(e instanceof ImageRejectedError)) throw e;
      const code = e.problem === "too-large" ? "too_large" : "invalid";
      throw new Refusal(code, e.message, { logo: e.message });
    }
  }
  const current = await getBusiness();
  const next = { ...current, logo };
  try {
    await runWrite(actor, "settings.edit", async (trx) => {
      await saveBusiness(trx, next);
      await recordActivity(trx, adminOf(actor), {
        action: "settings.logo",
        target: { id: null, label: "Logo" },
        detail: logo ? "New logo" : "Logo removed",
      });
    });
  } catch (e) {
    if (logo) await deleteImageFiles(logo);
    throw e;
  }
  if (current.logo) await deleteImageFiles(current.logo);
  return next;
}
