import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientInfoForm } from "~/components/leads/ClientInfoForm";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import { LoanSummary } from "~/components/leads/LoanSummary";
import leads from "~/components/leads/leads.module.css";
import { ButtonLink } from "~/components/ui/Button";
import { Container, panelClass, ui } from "~/components/ui/Container";
import { formStamp } from "~/http/bot-guard.server";
import { flashApplicationSubmitted } from "~/http/cookies.server";
import { readLeadFormFields, refusedForm } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { businessFromMatches, logoPreviewMeta } from "~/lib/business";
import { edge } from "~/lib/edge";
import { getLoanApplicationByReference, hasClientInfo } from "~/models/lead.server";
import pages from "~/styles/pages.module.css";
import { sendClientInfo } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

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

/** Sends the client information (the same use case as POST /api/client-info), for the loan it carries. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readLeadFormFields(request, context);
  if (!form.ok) return form.response;
  let reference: string | null;
  try {
    ({ reference } = await sendClientInfo(visitorActor(clientIp(context)), form.values, "required"));
  } catch (e) {
    return refusedForm(e, form.values);
  }
  return redirect("/financing", {
    headers: { "Set-Cookie": await flashApplicationSubmitted(reference ?? "") },
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
