import { Button, Container, Grid, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CLIENT_INFO_FAILURE, ClientInfoForm } from "~/components/leads/ClientInfoForm";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import { LoanSummary } from "~/components/leads/LoanSummary";
import { site } from "~/config/site";
import { flashApplicationSubmitted, type LeadFormRefusal, leadFormRefusal, readLeadForm } from "~/lib/lead-api.server";
import { ClientInfoSchema } from "~/lib/lead-schemas";
import { createClientInfo, getLoanApplicationByReference, hasClientInfo } from "~/models/lead.server";

/**
 * ?application=<reference> carries the loan from the calculator (survives a reload, works
 * without JS). Only the unguessable reference opens a loan; an id or unknown value shows none.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const app = await getLoanApplicationByReference(new URL(request.url).searchParams.get("application"));
  if (!app) return { loan: null };
  return {
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

export async function action({ request }: ActionFunctionArgs) {
  const form = await readLeadForm(request, ClientInfoSchema, CLIENT_INFO_FAILURE);
  if (!form.ok) return form.response;
  if (!form.data.loan_application) {
    return leadFormRefusal(CLIENT_INFO_FAILURE, { loan_application: "Start from a car on the Financing page." }, form.values);
  }
  const result = await createClientInfo(form.data);
  if (!result.ok) return leadFormRefusal(CLIENT_INFO_FAILURE, { [result.field]: result.error }, form.values);
  return redirect("/financing", { headers: { "Set-Cookie": await flashApplicationSubmitted() } });
}

function NoLoan() {
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs" maw={560} mx="auto" ta="center">
      <Stack align="center" gap="md">
        <Text fz="lg" fw={700} data-testid="no-loan">
          No loan details available.
        </Text>
        <Text c="dimmed" fz="sm">
          Choose a car on the Financing page, work out your repayment and press Apply for Loan.
        </Text>
        <Button component={Link} to="/financing" size="md">
          See financing options
        </Button>
      </Stack>
    </Paper>
  );
}

export default function LoanApplication() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<LeadFormRefusal>();
  const { loan } = data;
  return (
    <>
      <LeadPageHeader title="Loan Application" intro="Check your loan, tell us a little about yourself, and our finance team will call you within one working day." />
      <Container size="lg" py={{ base: "lg", sm: 48 }}>
        {!loan ? (
          <NoLoan />
        ) : (
          <Grid gutter={{ base: "lg", md: 40 }}>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <LoanSummary loan={loan} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              {"alreadySubmitted" in data && data.alreadySubmitted ? (
                <Paper withBorder radius="lg" p="xl" shadow="xs">
                  <Title order={2} fz="xl">Application received</Title>
                  <Text c="dimmed" mt="xs">
                    We already have your client information for this loan. Our finance team will call you shortly.
                  </Text>
                </Paper>
              ) : (
                <ClientInfoForm applicationReference={loan.reference} values={refused?.values ?? {}} errors={refused?.errors ?? {}} failed={Boolean(refused)} />
              )}
            </Grid.Col>
          </Grid>
        )}
      </Container>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: `Loan Application | ${site.name}` }];
