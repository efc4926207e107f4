import { z } from "zod";
import { DEPOSIT_PERCENT_MAX, DEPOSIT_PERCENT_MIN, LOAN_PERIODS } from "~/config/constants";
import { YES_NO } from "~/lib/car-options";
import { AGE_BRACKETS, EMPLOYMENT_STATUSES, INCOME_RANGES, MAX_LENGTHS } from "~/lib/lead-fields";
import { loanPeriodLabel, parseLoanPeriod, roundMoney } from "~/lib/loan-math";
import { nairaValue } from "~/lib/money";
import { normalizeNigerianPhone } from "~/lib/phone";
import { multiLine, oneLine } from "~/lib/validation";

/**
 * The buyer-lead schemas (rules in docs/product.md), shared by the page actions and the /api routes.
 * Inputs come from forms (all strings) or JSON (anything), so every schema is strict about
 * types and turns missing values into a "required" message rather than a type error.
 */

export { MAX_LENGTHS };

const LOAN_PERIOD_LABELS = LOAN_PERIODS.map(loanPeriodLabel);

/** How far ahead an inspection can be booked. */
export const MAX_INSPECTION_DAYS_AHEAD = 365;
const LAGOS_TZ = "Africa/Lagos";

/** Today's date in Lagos as YYYY-MM-DD (the dealer's calendar, whatever the server's zone). */
export function lagosToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: LAGOS_TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** YYYY-MM-DD plus a number of days (calendar arithmetic in UTC, no zone shifts). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const blankToEmpty = (v: unknown) => (v === undefined || v === null ? "" : v);

/**
 * A required text: control characters removed (`clean`: one line unless told), trimmed, not blank,
 * at most `max` characters.
 */
function requiredText(label: string, max: number, clean: (v: string) => string = oneLine) {
  return z.preprocess(
    blankToEmpty,
    z
      .string({ error: `${label} must be text` })
      .overwrite(clean)
      .trim()
      .min(1, { error: `${label} is required` })
      .max(max, { error: `${label} must be at most ${max} characters` }),
  );
}

/** An optional text, cleaned as requiredText: blank becomes null. */
function optionalText(label: string, max: number, clean: (v: string) => string = oneLine) {
  return z.preprocess(
    blankToEmpty,
    z
      .string({ error: `${label} must be text` })
      .overwrite(clean)
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters` })
      .transform((v) => (v === "" ? null : v)),
  );
}

function choice<const T extends readonly [string, ...string[]]>(label: string, options: T) {
  return z.preprocess(
    blankToEmpty,
    z
      .string({ error: `${label} must be text` })
      .min(1, { error: `${label} is required` })
      .pipe(z.enum(options, { error: `${label} must be one of: ${options.join(", ")}` })),
  );
}

const email = requiredText("Email", MAX_LENGTHS.email).pipe(
  z.email({ error: "Enter a valid email address, e.g. ada@example.com" }).transform((v) => v.toLowerCase()),
);

const phone = requiredText("Phone number", MAX_LENGTHS.phone).transform((v, ctx) => {
  const normalised = normalizeNigerianPhone(v);
  if (!normalised) {
    ctx.addIssue({
      code: "custom",
      message: "Enter a Nigerian mobile number, e.g. 0803 555 0142 or +234 803 555 0142",
    });
    return z.NEVER;
  }
  return normalised;
});

/** A money amount in naira: a number, or a numeric text from a form; kept to the kobo (2 decimals). */
function money(label: string) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return undefined;
      if (typeof v === "string") return /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
      return v;
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .finite({ error: `${label} must be a number` })
      .min(0, { error: `${label} cannot be negative` })
      .max(1e12, { error: `${label} is too large` })
      .transform(roundMoney),
  );
}

/**
 * A loan application's public reference: 128 random bits as 32 lower-case hex digits. URLs and
 * /api/client-info name an application by it, never by its sequential id, so nobody can reach
 * another buyer's loan by counting.
 */
const LOAN_REFERENCE_PATTERN = /^[0-9a-f]{32}$/;

/** A reference as typed or pasted (case and surrounding blanks ignored), or null when malformed. */
export function normalizeLoanReference(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  return LOAN_REFERENCE_PATTERN.test(v) ? v : null;
}

export const UNKNOWN_LOAN_APPLICATION = "This loan application does not exist";

/** An optional loan application reference: blank becomes undefined, a malformed one is refused. */
const optionalLoanReference = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string({ error: "Loan application must be the application's reference" })
    .transform((v, ctx) => {
      const ref = normalizeLoanReference(v);
      if (!ref) {
        ctx.addIssue({ code: "custom", message: UNKNOWN_LOAN_APPLICATION });
        return z.NEVER;
      }
      return ref;
    })
    .optional(),
);

/**
 * The car a booking or a message was sent from (its id; the car page's links carry it): optional,
 * blank is none. Whether that car exists is the use case's check (a page drops an unknown one, the
 * API refuses it).
 */
const carId = z.preprocess((v) => {
  if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return undefined;
  return typeof v === "string" && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v;
}, z
  .number({ error: "Car id must be the id of a car in our stock (a whole number)" })
  .int({ error: "Car id must be the id of a car in our stock (a whole number)" })
  .positive({ error: "Car id must be the id of a car in our stock (a whole number)" })
  .optional());

/** The refusal when a car id names no car (the API; a page simply books without the car). */
export const unknownCar = (id: number) => `There is no car with id ${id} in our stock`;

export const InspectionSchema = z.object({
  name: requiredText("Name", MAX_LENGTHS.name),
  phone,
  email,
  car_make: requiredText("Car make", MAX_LENGTHS.car_make),
  car_model: requiredText("Car model", MAX_LENGTHS.car_model),
  inspection_date: requiredText("Inspection date", 10).superRefine((v, ctx) => {
    if (!isCalendarDate(v)) {
      ctx.addIssue({ code: "custom", message: "Enter the inspection date as a calendar date (YYYY-MM-DD)" });
      return;
    }
    const today = lagosToday();
    if (v < today)
      ctx.addIssue({
        code: "custom",
        message: "The inspection date cannot be in the past. Choose today or a later date.",
      });
    else if (v > addDays(today, MAX_INSPECTION_DAYS_AHEAD)) {
      ctx.addIssue({ code: "custom", message: "Choose a date within the next 12 months." });
    }
  }),
  other_info: optionalText("Other information", MAX_LENGTHS.other_info, multiLine),
  car_id: carId,
});
export type InspectionInput = z.output<typeof InspectionSchema>;

export const ContactSchema = z.object({
  name: requiredText("Full name", MAX_LENGTHS.name),
  phone,
  email,
  message: requiredText("Message", MAX_LENGTHS.message, multiLine),
  car_id: carId,
});
export type ContactInput = z.output<typeof ContactSchema>;

/** A budget in whole naira, optional: "5000000", "5,000,000", "₦5,000,000", "5m" or "5 million". */
const budget = z.preprocess((v) => {
  const n = nairaValue(v);
  return n === undefined ? null : typeof n === "number" ? Math.round(n) : n;
}, z
  .number({ error: "Budget must be an amount in naira, e.g. 15,000,000 or 15m" })
  .int({ error: "Budget must be a whole number of naira" })
  .min(1, { error: "Budget must be more than 0" })
  .max(100_000_000_000, { error: "Budget is too large" })
  .nullable());

/**
 * "Can't find it? We'll source it for you" (browse's no-results and POST /api/sourcing): who to
 * call, the car wanted, an optional budget, and the search that found nothing (optional).
 */
export const SourcingSchema = z.object({
  name: requiredText("Name", MAX_LENGTHS.name),
  phone,
  car_wanted: requiredText("Car you want", MAX_LENGTHS.car_wanted),
  budget,
  search: optionalText("Search", MAX_LENGTHS.search),
});
export type SourcingInput = z.output<typeof SourcingSchema>;
/**
 * Each lead form's refusal headline, the same on its page and its API (the fields' own messages
 * say what to change): here, where the use cases that refuse and the forms that show it both reach.
 */
export const INSPECTION_FAILURE = "Error booking inspection";
export const CONTACT_FAILURE = "Error sending message";
export const SOURCING_FAILURE = "Error sending your request";
export const LOAN_APPLICATION_FAILURE = "Error submitting loan application";
export const CLIENT_INFO_FAILURE = "Failed to submit application";

/** POST /api/loan-applications: its five fields, checked against the calculator's rules. */
export const LoanApplicationSchema = z
  .object({
    car_name: requiredText("Car name", MAX_LENGTHS.car_name),
    loan_amount: money("Loan amount"),
    initial_deposit: money("Initial deposit"),
    loan_period: choice("Loan period", LOAN_PERIOD_LABELS as unknown as readonly [string, ...string[]]),
    monthly_repayment: money("Monthly repayment"),
  })
  .superRefine((v, ctx) => {
    if (v.loan_amount <= 0) {
      ctx.addIssue({ code: "custom", path: ["loan_amount"], message: "Loan amount must be more than 0" });
      return;
    }
    const share = (v.initial_deposit / v.loan_amount) * 100;
    if (share < DEPOSIT_PERCENT_MIN - 0.01 || share > DEPOSIT_PERCENT_MAX + 0.01) {
      ctx.addIssue({
        code: "custom",
        path: ["initial_deposit"],
        message:
          `Initial deposit must be between ${DEPOSIT_PERCENT_MIN}% ` + `and ${DEPOSIT_PERCENT_MAX}% of the loan amount`,
      });
      return;
    }
    const months = parseLoanPeriod(v.loan_period);
    if (!months) return; // the period itself is reported (missing or outside the list)
    const expected = roundMoney((v.loan_amount - v.initial_deposit) / months);
    if (Math.abs(expected - v.monthly_repayment) > 0.01) {
      ctx.addIssue({
        code: "custom",
        path: ["monthly_repayment"],
        message: `Monthly repayment must be (loan amount − initial deposit) / ${months}, i.e. ${expected}`,
      });
    }
  });
export type LoanApplicationInput = z.output<typeof LoanApplicationSchema>;

/** The calculator form (Apply for Loan): the server looks the price up itself. */
export const LoanRequestSchema = z.object({
  percent: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ error: "Deposit percentage must be a number" })
      .int({ error: "Deposit percentage must be a whole number" })
      .min(DEPOSIT_PERCENT_MIN, { error: `Deposit percentage must be at least ${DEPOSIT_PERCENT_MIN}` })
      .max(DEPOSIT_PERCENT_MAX, { error: `Deposit percentage must be at most ${DEPOSIT_PERCENT_MAX}` }),
  ),
  months: z.preprocess(
    (v) => (typeof v === "string" || typeof v === "number" ? (parseLoanPeriod(String(v)) ?? v) : v),
    z.union(
      LOAN_PERIODS.map((p) => z.literal(p)),
      { error: `Loan period must be ${LOAN_PERIODS.join(", ")} months` },
    ),
  ),
});

export const ClientInfoSchema = z.object({
  name: requiredText("Name", MAX_LENGTHS.name),
  email,
  phone,
  age_bracket: choice("Age bracket", AGE_BRACKETS),
  income_range: choice("Income range", INCOME_RANGES),
  client_location: requiredText("Location", MAX_LENGTHS.client_location),
  client_id: choice("Valid ID", YES_NO),
  bvn_available: choice("BVN available", YES_NO),
  deposit_available: choice("Deposit available", YES_NO),
  employment_status: choice("Employment status", EMPLOYMENT_STATUSES),
  referral: optionalText("Referral", MAX_LENGTHS.referral),
  /** The loan application's reference (from POST /api/loan-applications or the page URL). */
  loan_application: optionalLoanReference,
  /** Raw ids are no longer accepted: refused rather than silently ignored. */
  loan_application_id: z
    .never({ error: "Send the loan application's reference as loan_application; ids are not accepted" })
    .optional(),
});
export type ClientInfoInput = z.output<typeof ClientInfoSchema>;

/** "Reserve with ₦…" (the car page's form and POST /api/reservations): the car and who pays. */
export const ReservationSchema = z.object({
  car_id: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "Car id must be the id of a car in our stock (a whole number)" })
      .int({ error: "Car id must be the id of a car in our stock (a whole number)" })
      .positive({ error: "Car id must be the id of a car in our stock (a whole number)" }),
  ),
  name: requiredText("Name", MAX_LENGTHS.name),
  email,
  phone,
});
export type ReservationInput = z.output<typeof ReservationSchema>;
