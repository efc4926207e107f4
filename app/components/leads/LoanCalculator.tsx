import { Form, useNavigation } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { DEPOSIT_PERCENT_MAX, DEPOSIT_PERCENT_MIN, LOAN_PERIODS } from "~/config/constants";
import { depositFor, isLoanPeriod, type LoanPeriod, loanPeriodLabel, quoteLoan } from "~/lib/loan-math";
import { formatNaira } from "~/lib/money";
import { Button } from "../ui/Button";
import { panelClass } from "../ui/Container";
import { SelectField, TextField } from "../ui/Field";
import { Notice } from "../ui/Notice";
import classes from "./LoanCalculator.module.css";

const LOAN_APPLY_FAILURE = "We could not start your loan application. Please try again.";

/**
 * The loan calculator (its rules: docs/product.md). One form, two buttons:
 * - Calculate: a GET to the same URL, so without JavaScript the server computes the figures;
 *   with JavaScript it is computed here at once (same arithmetic, app/lib/loan-math.ts).
 * - Apply for Loan: a POST; the server recomputes everything from the stored price.
 * Monthly Repayment starts at 0 and changes only when Calculate is pressed.
 */
export function LoanCalculator({
  carId,
  price,
  initialPercent,
  initialMonths,
  initialMonthly,
  applyError,
  gridPage,
  from,
}: {
  carId: number;
  price: number;
  initialPercent: number;
  initialMonths: LoanPeriod;
  initialMonthly: number;
  applyError?: string | null;
  /** The financing grid's page behind the calculator, kept by a no-JavaScript Calculate. */
  gridPage?: string | null;
  /** The car page the calculator was opened from, kept by a no-JavaScript Calculate (for Close). */
  from?: string | null;
}) {
  const [percent, setPercent] = useState(initialPercent);
  const [months, setMonths] = useState<LoanPeriod>(initialMonths);
  const [monthly, setMonthly] = useState(initialMonthly);
  const [stale, setStale] = useState(false);
  const navigation = useNavigation();
  const applying = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const deposit = depositFor(price, percent);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") !== "calculate") return; // Apply for Loan goes to the server
    e.preventDefault();
    setMonthly(quoteLoan(price, percent, months).monthlyRepayment);
    setStale(false);
  };

  return (
    <div className={panelClass()}>
      <Form
        method="get"
        action={`/financing/${carId}`}
        onSubmit={onSubmit}
        preventScrollReset
        aria-label="Loan calculator"
        className={classes.form}
      >
        {gridPage ? <input type="hidden" name="page" value={gridPage} /> : null}
        {from ? <input type="hidden" name="from" value={from} /> : null}
        <div className={classes.pair}>
          <TextField
            label="Loan Amount"
            value={formatNaira(price)}
            readOnly
            size="md"
            description="The car's price"
            data-testid="loan-amount"
          />
          <TextField
            label="Initial Deposit"
            value={formatNaira(deposit)}
            readOnly
            size="md"
            description={`${percent}% of the price`}
            data-testid="initial-deposit"
          />
        </div>

        <div>
          <div className={classes.percentHead}>
            <label htmlFor={`deposit-percent-${carId}`} className={classes.percentLabel}>
              Deposit Percentage
            </label>
            <span className={classes.percentValue} data-testid="deposit-percent-value" aria-live="polite">
              {percent}%
            </span>
          </div>
          <input
            id={`deposit-percent-${carId}`}
            className={classes.range}
            type="range"
            name="percent"
            min={DEPOSIT_PERCENT_MIN}
            max={DEPOSIT_PERCENT_MAX}
            step={1}
            value={percent}
            aria-valuetext={`${percent}% deposit`}
            onChange={(e) => {
              setPercent(Number(e.currentTarget.value));
              setStale(true);
            }}
          />
          <div className={classes.scale}>
            <span>{DEPOSIT_PERCENT_MIN}% (minimum)</span>
            <span>{DEPOSIT_PERCENT_MAX}%</span>
          </div>
        </div>

        <SelectField
          label="Loan Period"
          name="months"
          size="md"
          value={String(months)}
          onChange={(e) => {
            const n = Number(e.currentTarget.value);
            if (isLoanPeriod(n)) setMonths(n);
            setStale(true);
          }}
          options={LOAN_PERIODS.map((p) => ({ value: String(p), label: loanPeriodLabel(p) }))}
        />

        <Button
          type="submit"
          name="calculate"
          value="1"
          // Without JavaScript, Calculate's answer opens at the monthly repayment (#loan-result).
          formAction={`/financing/${carId}#loan-result`}
          size="md"
          variant="light"
          fullWidth
        >
          Calculate
        </Button>

        <div className={classes.result} id="loan-result">
          <TextField
            label="Monthly Repayment"
            value={formatNaira(monthly)}
            readOnly
            size="lg"
            data-testid="monthly-repayment"
            description={
              stale
                ? "Press Calculate to update your monthly repayment."
                : `Over ${loanPeriodLabel(months)}, no interest. Press Calculate after changing the deposit or period.`
            }
          />
        </div>

        {applyError ? (
          <Notice role="alert" tone="error" title={LOAN_APPLY_FAILURE}>
            {applyError}
          </Notice>
        ) : null}

        <Button type="submit" formMethod="post" name="intent" value="apply" size="lg" fullWidth loading={applying}>
          Apply for Loan
        </Button>
        <p className={classes.small}>
          Figures are a guide: the deposit and repayments are confirmed from the car's price when you apply.
        </p>
      </Form>
    </div>
  );
}
