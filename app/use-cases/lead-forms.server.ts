import {
  CLIENT_INFO_FAILURE,
  ClientInfoSchema,
  CONTACT_FAILURE,
  ContactSchema,
  INSPECTION_FAILURE,
  InspectionSchema,
  LOAN_APPLICATION_FAILURE,
  LoanApplicationSchema,
  LoanRequestSchema,
  SOURCING_FAILURE,
  SourcingSchema,
  unknownCar,
} from "~/lib/lead-schemas";
import type { LoanQuote } from "~/lib/loan-math";
import { Refusal } from "~/lib/refusal";
import { inspectionDayError } from "~/models/business.server";
import {
  type ClientInfo,
  type ContactMessage,
  createClientInfo,
  createContactMessage,
  createInspection,
  createLoanApplication,
  type FormCar,
  formCar,
  type Inspection,
  type LoanApplication,
} from "~/models/lead.server";
import { carLoanApplication, getFinancingCar } from "~/models/loan.server";
import { createSourcingRequest, type SourcingRequest } from "~/models/sourcing.server";
import { type Actor, assertCan, parseInput, runWrite } from "./use-case.server";

/**
 * The public lead forms (docs/product.md, Forms and their messages): a visitor's inspection
 * booking, message, loan application, client information and sourcing request, for the page
 * action and the /api route alike. Each checks the `leads.submit` permission, validates with the
 * form's shared schema (the refusal's headline is the form's failure text, the same on page and
 * API), then stores the lead in one transaction with what comes with it: the leads registry row (a
 * trigger), and the staff alerts and the buyer's confirmation in the outbox, so a lead never exists
 * without its messages. The bot guard and the lead budget are the HTTP layer's, before the use
 * case is called.
 */

/**
 * A car id a form sent that names no car: the API refuses it; a page books without it (the car was
 * deleted since the page was opened, and the make and model typed still say which car).
 */
export type UnknownCar = "refuse" | "drop";

/** The car a lead names, when it exists; a refusal (`invalid`, on car_id) or null for an unknown one. */
async function leadCar(id: number | undefined, unknown: UnknownCar): Promise<FormCar | null> {
  if (!id) return null;
  const car = await formCar(id);
  if (!car && unknown === "refuse") throw new Refusal("invalid", unknownCar(id), { car_id: unknownCar(id) });
  return car;
}

/**
 * Books an inspection, only on a day the showroom opens (the business settings' hours: the one
 * place the closed-day rule is applied, for the page and the API).
 */
export async function bookInspection(
  actor: Actor,
  input: unknown,
  unknown: UnknownCar,
): Promise<{ inspection: Inspection; car: FormCar | null }> {
  assertCan(actor, "leads.submit");
  const data = parseInput(InspectionSchema, input, INSPECTION_FAILURE);
  const closed = await inspectionDayError(data.inspection_date);
  if (closed) throw new Refusal("invalid", closed, { inspection_date: closed });
  const car = await leadCar(data.car_id, unknown);
  const inspection = await runWrite(actor, "leads.submit", (trx) =>
    createInspection(trx, { ...data, car_id: car?.id }),
  );
  return { inspection, car };
}

/** Sends a message from the Connect page, about a car when it names one. */
export async function sendContactMessage(
  actor: Actor,
  input: unknown,
  unknown: UnknownCar,
): Promise<{ message: ContactMessage; car: FormCar | null }> {
  assertCan(actor, "leads.submit");
  const data = parseInput(ContactSchema, input, CONTACT_FAILURE);
  const car = await leadCar(data.car_id, unknown);
  const message = await runWrite(actor, "leads.submit", (trx) =>
    createContactMessage(trx, { ...data, car_id: car?.id }),
  );
  return { message, car };
}

/**
 * POST /api/loan-applications: a loan application with its figures, which must follow the
 * calculator's rules. It becomes a lead when its client information arrives.
 */
export async function sendLoanApplication(actor: Actor, input: unknown): Promise<LoanApplication> {
  assertCan(actor, "leads.submit");
  const data = parseInput(LoanApplicationSchema, input, LOAN_APPLICATION_FAILURE);
  return runWrite(actor, "leads.submit", (trx) => createLoanApplication(trx, data));
}

/**
 * The calculator's Apply for Loan (a car's financing page): the deposit share and the period; the
 * figures are worked out from the car's stored price, never taken from the browser.
 */
export async function applyForCarLoan(
  actor: Actor,
  carId: number | null,
  input: unknown,
): Promise<{ application: LoanApplication; quote: LoanQuote }> {
  assertCan(actor, "leads.submit");
  const data = parseInput(LoanRequestSchema, input);
  if (!carId) throw new Refusal("invalid", "Unknown car.");
  const car = await getFinancingCar(carId);
  if (!car) throw new Refusal("invalid", "This car is no longer available for financing.");
  const { application, quote } = carLoanApplication(car, data.percent, data.months);
  const stored = await runWrite(actor, "leads.submit", (trx) => createLoanApplication(trx, application));
  return { application: stored, quote };
}

/**
 * The buyer's client information, linked to a loan application by its reference. The page always
 * sends one (`required`: it is opened from the calculator); the API may send the details alone.
 */
export async function sendClientInfo(
  actor: Actor,
  input: unknown,
  application: "required" | "optional",
): Promise<{ clientInfo: ClientInfo; reference: string | null }> {
  assertCan(actor, "leads.submit");
  const data = parseInput(ClientInfoSchema, input, CLIENT_INFO_FAILURE);
  if (application === "required" && !data.loan_application) {
    throw new Refusal("invalid", CLIENT_INFO_FAILURE, {
      loan_application: "Start from a car on the Financing page.",
    });
  }
  const clientInfo = await runWrite(actor, "leads.submit", (trx) => createClientInfo(trx, data));
  return { clientInfo, reference: data.loan_application ?? null };
}

/** "Can't find it? We'll source it for you" (browse's no-results form and POST /api/sourcing). */
export async function requestSourcing(actor: Actor, input: unknown): Promise<SourcingRequest> {
  assertCan(actor, "leads.submit");
  const data = parseInput(SourcingSchema, input, SOURCING_FAILURE);
  return runWrite(actor, "leads.submit", (trx) => createSourcingRequest(trx, data));
}
