import { formStamp } from "~/http/bot-guard.server";
import { HONEYPOT_FIELD, STAMP_FIELD } from "~/lib/bot-trap";
import { dayOfDate } from "~/lib/business";
import { addDays, lagosToday } from "~/lib/lead-schemas";
import { getDb } from "../../db/database.server";

/** Requests for route actions and API handlers, as a browser (form) or a script (JSON) sends them. */
export function jsonRequest(url: string, body: unknown, method = "POST"): Request {
  return new Request(`http://localhost${url}`, {
    method,
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function formRequest(url: string, fields: Record<string, string | number>, method = "POST"): Request {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  return new Request(`http://localhost${url}`, {
    method,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** The first date `offset` days from today or later on which the default hours open (not a Sunday). */
export function openDayFrom(offset: number): string {
  let date = addDays(lagosToday(), offset);
  while (dayOfDate(date) === "sun") date = addDays(date, 1);
  return date;
}

/** The first open day after `date` (never the same day, whatever weekday today is). */
export function openDayAfter(date: string): string {
  let next = addDays(date, 1);
  while (dayOfDate(next) === "sun") next = addDays(next, 1);
  return next;
}

export const validInspection = () => ({
  name: "Chinedu Okafor",
  phone: "0803 555 0142",
  email: "Chinedu@Example.com",
  car_make: "Toyota",
  car_model: "Camry",
  inspection_date: openDayFrom(3),
  other_info: "Saturday morning please",
});

export const validContact = () => ({
  name: "Aisha Bello",
  phone: "+234 812 555 0178",
  email: "aisha@example.com",
  message: "Is the 2020 Lexus RX still available?",
});

export const validLoanApplication = () => ({
  car_name: "Toyota Camry 2020 Black",
  loan_amount: 25_000_000,
  initial_deposit: 10_000_000,
  loan_period: "3 months",
  monthly_repayment: 5_000_000,
});

export const validClientInfo = () => ({
  name: "Tunde Adeyemi",
  email: "tunde@example.com",
  phone: "2349095550113",
  age_bracket: "26 - 35",
  income_range: "400k - 800k",
  client_location: "Ikeja, Lagos",
  client_id: "Yes",
  bvn_available: "Yes",
  deposit_available: "No",
  employment_status: "Business Owner",
  referral: "Instagram",
});

export async function countRows(
  table: "inspections" | "contact_messages" | "loan_applications" | "client_infos",
): Promise<number> {
  const row = await getDb()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every field of `fields` left out, one at a time. */
export function without<T extends Record<string, unknown>>(fields: T, key: keyof T): Partial<T> {
  const copy = { ...fields };
  delete copy[key];
  return copy;
}

/**
 * A public lead form as a person's browser posts it: with the page's stamp from a few seconds
 * ago and the honeypot left empty (see app/http/bot-guard.server.ts).
 */
export async function leadFormRequest(
  url: string,
  fields: Record<string, string | number>,
  servedMsAgo = 5_000,
): Promise<Request> {
  return formRequest(url, {
    [HONEYPOT_FIELD]: "",
    [STAMP_FIELD]: await formStamp(Date.now() - servedMsAgo),
    ...fields,
  });
}
