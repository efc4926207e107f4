import { Divider, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { formatNaira } from "~/lib/money";

export interface LoanDetails {
  carName: string;
  loanAmount: number;
  initialDeposit: number;
  loanPeriod: string;
  monthlyRepayment: number;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text fz="sm" c="dimmed">{label}</Text>
      <Text fz={strong ? "lg" : "sm"} fw={strong ? 800 : 600} c={strong ? "brand.8" : undefined} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** The loan being applied for, as stored (SPEC §2: car name, price, deposit, period, monthly). */
export function LoanSummary({ loan }: { loan: LoanDetails }) {
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="xs" data-testid="loan-details">
      <Stack gap="sm">
        <Text fz="xs" tt="uppercase" fw={700} c="brand.8" style={{ letterSpacing: "0.04em" }}>
          Your loan
        </Text>
        <Title order={2} fz="xl">
          {loan.carName}
        </Title>
        <Divider />
        <Row label="Car price" value={formatNaira(loan.loanAmount)} />
        <Row label="Initial deposit" value={formatNaira(loan.initialDeposit)} />
        <Row label="Amount to repay" value={formatNaira(loan.loanAmount - loan.initialDeposit)} />
        <Row label="Loan period" value={loan.loanPeriod} />
        <Divider />
        <Row label="Monthly repayment" value={formatNaira(loan.monthlyRepayment)} strong />
        <Text fz="xs" c="dimmed">No interest is added. Our finance team confirms these figures with you.</Text>
      </Stack>
    </Paper>
  );
}
