import type { Car } from "~/lib/car";
import { type LoanPeriod, type LoanQuote, quoteLoan } from "~/lib/loan-math";
import { getCar } from "./car.server";
import { createLoanApplication, type LoanApplication } from "./lead.server";

/**
 * Financing: which cars can be financed and the loan figures for them. The figures always come
 * from the car's stored price, never from numbers a browser sent.
 */

/** "Toyota Camry 2020 Black" (make, model, year and colour joined by spaces). */
function loanCarName(car: Pick<Car, "make" | "model" | "year" | "color">): string {
  return [car.make, car.model, String(car.year), car.color].filter((p) => p && p.trim() !== "").join(" ");
}

/** A car the dealer finances right now (financing on and not sold), or null. */
export async function getFinancingCar(id: number): Promise<Car | null> {
  const car = await getCar(id);
  return car?.financing && !car.sold ? car : null;
}

export type ApplyResult = { ok: true; application: LoanApplication; quote: LoanQuote } | { ok: false; error: string };

/** Recomputes the quote from the stored price and stores the loan application. */
export async function applyForCarLoan(carId: number, percent: number, months: LoanPeriod): Promise<ApplyResult> {
  const car = await getFinancingCar(carId);
  if (!car) return { ok: false, error: "This car is no longer available for financing." };
  const quote = quoteLoan(car.price, percent, months);
  const application = await createLoanApplication({
    car_id: car.id,
    car_name: loanCarName(car),
    loan_amount: quote.loanAmount,
    initial_deposit: quote.initialDeposit,
    loan_period: quote.loanPeriod,
    monthly_repayment: quote.monthlyRepayment,
  });
  return { ok: true, application, quote };
}
