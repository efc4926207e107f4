import {
  DEPOSIT_PERCENT_DEFAULT,
  DEPOSIT_PERCENT_MAX,
  DEPOSIT_PERCENT_MIN,
  LOAN_PERIOD_DEFAULT,
  LOAN_PERIODS,
} from "~/config/constants";

/**
 * The loan calculator's arithmetic (docs/product.md, Financing): no interest, deposit = price × percent / 100,
 * monthly repayment = (price − deposit) / months, money rounded to 2 decimals (kobo).
 * Pure code: the browser (live deposit, Calculate) and the server (no-JS Calculate, Apply)
 * share it, so both always show the same numbers.
 */
export type LoanPeriod = (typeof LOAN_PERIODS)[number];

export interface LoanQuote {
  loanAmount: number;
  initialDeposit: number;
  depositPercent: number;
  months: LoanPeriod;
  loanPeriod: string;
  monthlyRepayment: number;
}

/** Rounds to kobo, half away from zero, without binary-fraction surprises (1.005 -> 1.01). */
export function roundMoney(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(value) * 100).toPrecision(15)))) / 100;
}

export function isDepositPercent(value: unknown): value is number {
  return (
    typeof value === "number" && Number.isInteger(value) && value >= DEPOSIT_PERCENT_MIN && value <= DEPOSIT_PERCENT_MAX
  );
}

export function isLoanPeriod(value: unknown): value is LoanPeriod {
  return (LOAN_PERIODS as readonly unknown[]).includes(value);
}

export function depositFor(price: number, percent: number): number {
  return roundMoney((price * percent) / 100);
}

export function monthlyRepaymentFor(price: number, deposit: number, months: LoanPeriod): number {
  return roundMoney((price - deposit) / months);
}

/** "3 months": the stored loan_period text. */
export function loanPeriodLabel(months: LoanPeriod): string {
  return `${months} months`;
}

/** 3 for "3 months" (or "3"); null for anything else. */
export function parseLoanPeriod(label: string): LoanPeriod | null {
  const m = label.trim().match(/^(\d{1,2})(?: months)?$/);
  const n = m ? Number(m[1]) : NaN;
  return isLoanPeriod(n) ? n : null;
}

/** Every figure of the calculator for a price, deposit percentage and period. */
export function quoteLoan(price: number, percent: number, months: LoanPeriod): LoanQuote {
  if (!Number.isFinite(price) || price < 0) throw new RangeError("Price must be a number of naira, 0 or more");
  if (!isDepositPercent(percent)) {
    throw new RangeError(
      `Deposit percentage must be a whole number from ${DEPOSIT_PERCENT_MIN} to ${DEPOSIT_PERCENT_MAX}`,
    );
  }
  if (!isLoanPeriod(months)) throw new RangeError(`Loan period must be one of ${LOAN_PERIODS.join(", ")} months`);
  const initialDeposit = depositFor(price, percent);
  return {
    loanAmount: roundMoney(price),
    initialDeposit,
    depositPercent: percent,
    months,
    loanPeriod: loanPeriodLabel(months),
    monthlyRepayment: monthlyRepaymentFor(price, initialDeposit, months),
  };
}

/**
 * "From ₦X/month" on a financed car: the calculator's monthly repayment over the longest period
 * at the minimum deposit (12 months, 40 %), computed by quoteLoan itself. (The longest period is
 * worked out here, not in a module-level constant, so a bundle that never calls this drops it.)
 */
export function monthlyFrom(price: number): number {
  return monthlyFromQuote(price).monthlyRepayment;
}

/** The quote "From ₦X/month" comes from: the longest period at the minimum deposit. */
export function monthlyFromQuote(price: number): LoanQuote {
  return quoteLoan(price, DEPOSIT_PERCENT_MIN, Math.max(...LOAN_PERIODS) as LoanPeriod);
}

/**
 * The calculator of a financing car with the given quote's deposit and period already calculated;
 * `from`, the car's page it was opened from, is where its Close goes back to.
 */
export function calculatorHref(
  carId: number,
  quote: Pick<LoanQuote, "depositPercent" | "months">,
  from?: string,
): string {
  const back = from ? `&from=${encodeURIComponent(from)}` : "";
  return `/financing/${carId}?percent=${quote.depositPercent}&months=${quote.months}&calculate=1${back}`;
}

/** The car page a calculator was opened from (`from`): a car's own address, anything else ignored. */
export function calculatorFrom(raw: string | null): string | null {
  return raw && /^\/cars\/\d+(-[a-z0-9-]+)?$/i.test(raw) ? raw : null;
}

/**
 * Reads the calculator's query/form values leniently for display: missing or invalid values
 * fall back to the defaults (40 %, 3 months) and are reported in `invalid`.
 */
export function readCalculatorInput(percentRaw: string | null, monthsRaw: string | null) {
  const invalid: Array<"percent" | "months"> = [];
  let percent = DEPOSIT_PERCENT_DEFAULT;
  let months: LoanPeriod = LOAN_PERIOD_DEFAULT;
  if (percentRaw !== null && percentRaw !== "") {
    const n = Number(percentRaw);
    if (isDepositPercent(n)) percent = n;
    else invalid.push("percent");
  }
  if (monthsRaw !== null && monthsRaw !== "") {
    const n = parseLoanPeriod(monthsRaw);
    if (n) months = n;
    else invalid.push("months");
  }
  return { percent, months, invalid };
}
