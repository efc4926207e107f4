import { z } from "zod";
import {
  BODY_TYPES,
  CAR_TEXT_MAX,
  CHOICE_ALIASES,
  CONDITIONS,
  DRIVE_TRAINS,
  ENGINE_CAPACITIES,
  ENGINE_SIZES,
  KEY_FEATURES,
  PLATE_STATES,
  YES_NO,
} from "./car-options";
import { nairaValue } from "./money";
import { multiLine, oneLine } from "./validation";

/**
 * The admin car form and the multipart API body (fields and rules in docs/product.md): every value arrives
 * as text; this turns it into a CarInput or per-field messages. Shared by the add/edit pages
 * and POST/PUT /api/cars.
 */

export type RawCarFields = Record<string, string | string[] | undefined>;

const single = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blankToUndefined = (v: unknown) => {
  const s = single(v);
  return typeof s === "string" && s.trim() === "" ? undefined : s;
};

/** Texts lose their control characters (one line unless told) before they are trimmed and counted. */
const requiredText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} is required` })
      .overwrite(oneLine)
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
  );

const optionalText = (label: string, max: number, clean: (v: string) => string = oneLine) =>
  z.preprocess(
    blankToUndefined,
    z.string().overwrite(clean).trim().max(max, `${label} must be at most ${max} characters`).nullable().optional(),
  );

/** A choice's words compared without letter case, spaces, hyphens or underscores. */
const choiceKey = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");

/**
 * A choice from a list, matched without regard to letter case, spaces, hyphens or underscores
 * and in its other usual words (`aliases`), stored as the list spells it; a refusal names the
 * accepted values.
 */
function oneOf<T extends readonly string[]>(label: string, options: T, aliases: Record<string, string> = {}) {
  const also = Object.keys(aliases);
  const accepted = `${options.join(", ")}${also.length ? ` (also read: ${also.join(", ")})` : ""}`;
  return z.preprocess(
    (v) => {
      const s = blankToUndefined(v);
      if (typeof s !== "string") return s;
      const key = choiceKey(s);
      const alias = Object.entries(aliases).find(([word]) => choiceKey(word) === key)?.[1];
      return options.find((o) => choiceKey(o) === key) ?? alias ?? s;
    },
    z.enum(options as unknown as [T[number], ...T[number][]], {
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be one of ${accepted}`),
    }),
  );
}

/** An optional choice: blank (or "Unknown") is null, anything else must be on the list. */
function optionalOneOf<T extends readonly string[]>(label: string, options: T) {
  return z.preprocess(
    (v) => {
      const s = blankToUndefined(v);
      if (s === undefined || s === null) return null;
      if (typeof s !== "string") return s;
      if (s.trim().toLowerCase() === "unknown") return null;
      return options.find((o) => o.toLowerCase() === s.trim().toLowerCase()) ?? s;
    },
    z
      .enum(options as unknown as [T[number], ...T[number][]], {
        error: () => `${label} must be one of ${options.join(", ")}`,
      })
      .nullable()
      .optional(),
  );
}

/** Whole numbers typed by people: "25,000,000" and "25 000 000" are fine. */
const digits = (v: unknown) => {
  const s = blankToUndefined(v);
  return typeof s === "string" ? s.replace(/[,\s_]/g, "") : s;
};

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    digits,
    z.coerce
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

const yesNo = z.preprocess(
  (v) => {
    const s = single(v);
    if (typeof s === "boolean") return s;
    if (s === undefined || s === null || s === "") return false;
    return ["yes", "true", "1", "on"].includes(String(s).trim().toLowerCase())
      ? true
      : ["no", "false", "0", "off"].includes(String(s).trim().toLowerCase())
        ? false
        : s;
  },
  z.boolean({ error: "Choose Yes or No" }),
);

/**
 * A yes/no that may be unknown (the paperwork of a car the dealer has not checked yet): blank or
 * "Unknown" is null, never "No".
 */
const yesNoUnknown = (label: string) =>
  z.preprocess(
    (v) => {
      const s = single(v);
      if (typeof s === "boolean" || s === null) return s;
      if (s === undefined || String(s).trim() === "") return null;
      const t = String(s).trim().toLowerCase();
      if (["yes", "true", "1", "on"].includes(t)) return true;
      if (["no", "false", "0", "off"].includes(t)) return false;
      return t === "unknown" ? null : s;
    },
    z
      .boolean({ error: `${label}: choose Yes, No or Unknown` })
      .nullable()
      .optional(),
  );

/** Checkbox values (repeated fields) or, from the API, the JSON text of a list. */
const keyFeatures = z.preprocess(
  (v) => {
    let list: unknown = v ?? [];
    if (typeof list === "string") {
      const s = list.trim();
      if (s.startsWith("[")) {
        try {
          list = JSON.parse(s);
        } catch {
          return s;
        }
      } else list = s ? [s] : [];
    }
    if (!Array.isArray(list)) return list;
    return [
      ...new Set(
        list.map((f) =>
          typeof f === "string" ? (KEY_FEATURES.find((k) => k.toLowerCase() === f.trim().toLowerCase()) ?? f) : f,
        ),
      ),
    ];
  },
  z.array(z.enum(KEY_FEATURES, { error: (i) => `Unknown key feature: ${String(i.input)}` }), {
    error: "Key features must be a list",
  }),
);

export const CarSchema = z.object({
  make: requiredText("Make", CAR_TEXT_MAX.make),
  model: requiredText("Model", CAR_TEXT_MAX.model),
  // Up to next year's models, counted when the form is sent (not when the server started).
  year: wholeNumber("Year", 1950, 3000).refine((y) => y <= new Date().getUTCFullYear() + 1, {
    error: () => `Year must be at most ${new Date().getUTCFullYear() + 1}`,
  }),
  price: z.preprocess(
    nairaValue,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? "Price is required" : "Price must be an amount in naira, e.g. 25,000,000 or 25m",
      })
      .int("Price must be a whole number of naira")
      .min(1, "Price must be at least 1")
      .max(100_000_000_000, "Price must be at most 100000000000"),
  ),
  condition: oneOf("Condition", CONDITIONS, CHOICE_ALIASES.condition),
  engine_capacity: oneOf("Engine capacity", ENGINE_CAPACITIES),
  engine_size: oneOf("Engine size", ENGINE_SIZES),
  custom_paper: oneOf("Custom paper", YES_NO, CHOICE_ALIASES.yes_no),
  body_type: oneOf("Body type", BODY_TYPES),
  drive_train: oneOf("Drive train", DRIVE_TRAINS, CHOICE_ALIASES.drive_train),
  transmission: optionalText("Transmission", CAR_TEXT_MAX.transmission),
  fuel_type: optionalText("Fuel type", CAR_TEXT_MAX.fuel_type),
  color: optionalText("Color", CAR_TEXT_MAX.color),
  mileage: z.preprocess(
    digits,
    z.coerce
      .number({ error: "Mileage must be a number" })
      .int("Mileage must be a whole number")
      .min(0, "Mileage cannot be negative")
      .max(5_000_000, "Mileage must be at most 5000000")
      .nullable()
      .optional(),
  ),
  location: optionalText("Location", CAR_TEXT_MAX.location),
  car_history: optionalText("Car history", CAR_TEXT_MAX.car_history, multiLine),
  other_info: optionalText("Other information", CAR_TEXT_MAX.other_info, multiLine),
  car_description: optionalText("Description", CAR_TEXT_MAX.car_description, multiLine),
  vin: optionalText("VIN", CAR_TEXT_MAX.vin),
  /** The dealer's own reference (unique among cars; a spreadsheet import matches rows by it). */
  stock_number: optionalText("Stock number", CAR_TEXT_MAX.stock_number),
  financing: yesNo,
  registration: yesNo,
  keyfeatures: keyFeatures,
  // Nigerian paperwork, each optional: unknown (null) until the dealer has checked it (customs
  // papers are custom_paper above, which the API also reads and answers as customs_duty_paid).
  plate_state: optionalOneOf("Plate state", PLATE_STATES),
  previous_owners_ng: z.preprocess(
    (v) => digits(v) ?? null,
    z.coerce
      .number({ error: "Previous owners in Nigeria must be a number" })
      .int("Previous owners in Nigeria must be a whole number")
      .min(0, "Previous owners in Nigeria cannot be negative")
      .max(50, "Previous owners in Nigeria must be at most 50")
      .nullable()
      .optional(),
  ),
  accident_free: yesNoUnknown("Accident free"),
  flood_free: yesNoUnknown("Flood free"),
});

export type CarFormInput = z.infer<typeof CarSchema>;

const YES_WORDS = ["yes", "true", "1"];
const NO_WORDS = ["no", "false", "0"];

/**
 * `customs_duty_paid`, the API's older name of Custom Paper (true/false, "yes"/"no", 1/0): when an
 * API client sends it (not blank), it is Custom Paper, as when both were kept it was the one set
 * last. Anything else is handed on as custom_paper, so the refusal names the field.
 */
export function withCustomPaperAlias<T extends Record<string, unknown>>(fields: T): T {
  const alias = single(fields.customs_duty_paid);
  const { customs_duty_paid: _, ...rest } = fields;
  if (alias === undefined || alias === null || alias === "") return rest as T;
  const word = String(alias).trim().toLowerCase();
  const value = YES_WORDS.includes(word) ? "Yes" : NO_WORDS.includes(word) ? "No" : String(alias);
  return { ...rest, custom_paper: value } as unknown as T;
}

/** The text fields of the form, as typed, to put back into the form after a refusal. */
export type CarFormValues = Record<string, string | string[]>;

/**
 * Marking a car sold (the stock list and POST /api/cars/mark-sold): the car and the agreed price.
 * Everything else on the record (make, model, year, colour, when) comes from the stored car and the
 * clock; other fields an API caller sends are ignored.
 */
const carId = z.coerce
  .number({ error: "id must be a car id" })
  .int("id must be a car id")
  .positive("id must be a car id");

/** A car by its id (putting a car back on sale: the stock list and POST /api/cars/unsell). */
export const CarIdSchema = z.object({ id: carId });

export const MarkSoldSchema = z.object({
  id: carId,
  /** The agreed price in naira (optional: the list price stands). */
  salePrice: z.preprocess(
    (v) => (v === null ? undefined : nairaValue(v)),
    z
      .number({ error: "salePrice must be a price in naira" })
      .int("salePrice must be a whole number of naira")
      .min(0, "salePrice cannot be negative")
      .max(100_000_000_000, "salePrice is too large")
      .optional(),
  ),
});
