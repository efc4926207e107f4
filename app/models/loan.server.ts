import type { Car } from "~/lib/car";
import { type LoanPeriod, type LoanQuote, quoteLoan } from "~/lib/loan-math";
import { getCar } from "./car.server";

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

/**
 * The loan application for a car at a deposit share and a period, its figures worked out from the
 * stored price (the use case stores it).
 */
export function carLoanApplication(car: Car, percent: number, months: LoanPeriod) {
  const quote: LoanQuote = quoteLoan(car.price, percent, months);
  return {
    quote,
    application: {
      car_id: car.id,
      car_name: loanCarName(car),
      loan_amount: quote.loanAmount,
      initial_deposit: quote.initialDeposit,
      loan_period: quote.loanPeriod,
      monthly_repayment: quote.monthlyRepayment,
    },
  };
}
