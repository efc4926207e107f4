import { formatNaira } from "~/lib/money";
import { panelClass } from "../ui/Container";
import classes from "./details.module.css";

export interface LoanDetails {
  carName: string;
  loanAmount: number;
  initialDeposit: number;
  loanPeriod: string;
  monthlyRepayment: number;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={classes.row} data-strong={strong || undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The loan being applied for, as stored (car name, price, deposit, period, monthly repayment). */
export function LoanSummary({ loan }: { loan: LoanDetails }) {
  return (
    <div className={panelClass(true, classes.summary)} data-testid="loan-details">
      <p className={classes.eyebrow}>Your loan</p>
      <h2 className={classes.title}>{loan.carName}</h2>
      <hr className={classes.rule} />
      <dl className={classes.rows}>
        <Row label="Car price" value={formatNaira(loan.loanAmount)} />
        <Row label="Initial deposit" value={formatNaira(loan.initialDeposit)} />
        <Row label="Amount to repay" value={formatNaira(loan.loanAmount - loan.initialDeposit)} />
        <Row label="Loan period" value={loan.loanPeriod} />
      </dl>
      <hr className={classes.rule} />
      <dl className={classes.rows}>
        <Row label="Monthly repayment" value={formatNaira(loan.monthlyRepayment)} strong />
      </dl>
      <p className={classes.note}>No interest is added. Our finance team confirms these figures with you.</p>
    </div>
  );
}
