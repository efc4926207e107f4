import { Paper, Text } from "@mantine/core";
import { Link } from "@remix-run/react";

/** A figure with its label; with `to`, the whole card is a link (e.g. to the list it counts). */
export function StatCard({ label, value, accent, to }: { label: string; value: number; accent: string; to?: string }) {
  const body = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.5}>
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.2} mt={4}>
        {value.toLocaleString("en-NG")}
      </Text>
    </>
  );
  const style = { borderTop: `3px solid ${accent}` };
  return to ? (
    <Paper
      component={Link}
      to={to}
      withBorder
      radius="md"
      p="md"
      shadow="xs"
      style={{ ...style, display: "block", color: "inherit", textDecoration: "none" }}
    >
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="md" shadow="xs" style={style}>
      {body}
    </Paper>
  );
}
