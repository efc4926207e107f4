import { Paper, Text } from "@mantine/core";

export function StatCard({ label, value, accent }: { label: string; value: number; accent: string }) {
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" style={{ borderTop: `3px solid ${accent}` }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.5}>
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.2} mt={4}>
        {value.toLocaleString("en-NG")}
      </Text>
    </Paper>
  );
}
