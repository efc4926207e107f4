import { calendarDayLabel } from "./lagos-time";
import { formatNaira } from "./money";
import { formatNigerianPhone } from "./phone";

/**
 * What a buyer reads under a form's success text ('Inspection booked successfully!', …): what was
 * booked or sent, and what happens next. Pure and free of the validation library, so the public
 * pages' browser bundles stay small.
 */

/** The car a lead names: "Toyota Camry 2020". */
export function carName(car: { make: string; model: string; year: number }): string {
  return `${car.make} ${car.model} ${car.year}`;
}

export interface InspectionBooked {
  /** The car's name when booked from a car ("Toyota Camry 2020"), else the make and model typed. */
  car: string;
  /** The day chosen, YYYY-MM-DD. */
  date: string;
  phone: string;
}

export function inspectionBookedDetail(b: InspectionBooked): string {
  return (
    `We have you down to see the ${b.car} on ${calendarDayLabel(b.date)}. ` +
    `We confirm by phone within one working day, on ${formatNigerianPhone(b.phone)}.`
  );
}

export interface MessageSent {
  /** The car the message is about, when sent from its page. */
  car: string | null;
  phone: string;
  email: string;
}

export function messageSentDetail(m: MessageSent): string {
  const about = m.car ? `Your message about the ${m.car}` : "Your message";
  return (
    `${about} is with our sales team. We reply within one working day, by phone on ` +
    `${formatNigerianPhone(m.phone)} or by email to ${m.email}.`
  );
}

export interface LoanSubmitted {
  carName: string;
  /** The car's price (the calculator's "Loan Amount") and the deposit; the rest is financed. */
  price: number;
  deposit: number;
  monthly: number;
  period: string;
  phone: string;
}

export function loanSubmittedDetail(l: LoanSubmitted): string {
  return (
    `Your application for the ${l.carName} is with our finance team: ${formatNaira(l.price - l.deposit)} ` +
    `financed after a ${formatNaira(l.deposit)} deposit, ${formatNaira(l.monthly)} a month over ${l.period}. ` +
    `We call you on ${formatNigerianPhone(l.phone)} within one working day to go through the next steps.`
  );
}

export interface SourcingSent {
  carWanted: string;
  budget: number | null;
  phone: string;
}

export function sourcingSentDetail(s: SourcingSent): string {
  const budget = s.budget ? ` within ${formatNaira(s.budget)}` : "";
  return (
    `We are looking for a ${s.carWanted}${budget} for you and call you on ${formatNigerianPhone(s.phone)} ` +
    "within one working day."
  );
}
