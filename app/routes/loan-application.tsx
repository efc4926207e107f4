import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CLIENT_INFO_FAILURE, ClientInfoForm } from "~/components/leads/ClientInfoForm";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import { LoanSummary } from "~/components/leads/LoanSummary";
import leads from "~/components/leads/leads.module.css";
import { ButtonLink } from "~/components/ui/Button";
import { Container, panelClass, ui } from "~/components/ui/Container";
import { formStamp } from "~/http/bot-guard.server";
import { flashApplicationSubmitted } from "~/http/cookies.server";
import { formFailure, readLeadForm } from "~/http/forms.server";
import { businessFromMatches, logoPreviewMeta } from "~/lib/business";
import { edge } from "~/lib/edge";
import { ClientInfoSchema } from "~/lib/lead-schemas";
import { createClientInfo, getLoanApplicationByReference, hasClientInfo } from "~/models/lead.server";
import pages from "~/styles/pages.module.css";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "form" });

/**
 * ?application=<reference> carries the loan from the calculator (survives a reload, works
 * without JS). Only the unguessable reference opens a loan; an id or unknown value shows none.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const app = await getLoanApplicationByReference(new URL(request.url).searchParams.get("application"));
  if (!app) return { loan: null };
  return {
    stamp: await formStamp(),
    loan: {
      reference: app.reference,
      carName: app.car_name,
      loanAmount: app.loan_amount,
      initialDeposit: app.initial_deposit,
      loanPeriod: app.loan_period,
      monthlyRepayment: app.monthly_repayment,
    },
    alreadySubmitted: await hasClientInfo(app.id),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readLeadForm(request, context, ClientInfoSchema, CLIENT_INFO_FAILURE);
  if (!form.ok) return form.response;
  if (!form.data.loan_application) {
    return formFailure(
      CLIENT_INFO_FAILURE,
      { loan_application: "Start from a car on the Financing page." },
      form.values,
    );
  }
  const result = await createClientInfo(form.data);
  if (!result.ok) return formFailure(CLIENT_INFO_FAILURE, { [result.field]: result.error }, form.values);
  return redirect("/financing", {
    headers: { "Set-Cookie": await flashApplicationSubmitted(form.data.loan_application) },
  });
}

function NoLoan() {
  return (
    <div className={panelClass(false, `${ui.padXl} ${pages.noLoan}`)}>
      <p className={pages.noLoanTitle} data-testid="no-loan">
        No loan details available.
      </p>
      <p className={pages.noLoanHint}>
        Choose a car on the Financing page, work out your repayment and press Apply for Loan.
      </p>
      <ButtonLink to="/financing" size="md">
        See financing options
      </ButtonLink>
    </div>
  );
}

export default function LoanApplication() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { loan } = data;
  return (
    <>
      <LeadPageHeader
        title="Loan Application"
        intro={
          "Check your loan, tell us a little about yourself, " +
          "and our finance team will call you within one working day."
        }
      />
      <Container size="lg" className={leads.page}>
        {!loan ? (
          <NoLoan />
        ) : (
          <div className={leads.columns} data-first="narrow">
            <LoanSummary loan={loan} />
            {!("stamp" in data) || data.alreadySubmitted ? (
              <div className={panelClass(false, `${ui.padXl} ${pages.received}`)}>
                <h2>Application received</h2>
                <p>We already have your client information for this loan. Our finance team will call you shortly.</p>
              </div>
            ) : (
              <ClientInfoForm
                applicationReference={loan.reference}
                values={refused?.values ?? {}}
                fieldErrors={refused?.fieldErrors ?? {}}
                error={refused?.error ?? null}
                stamp={data.stamp}
              />
            )}
          </div>
        )}
      </Container>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [{ title: `Loan Application | ${site.name}` }, ...logoPreviewMeta(matches)];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
