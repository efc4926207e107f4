import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled group of fields inside a lead form ("Your details", "The car", ...). */
export function LeadSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" gap="sm" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Text component="legend" fw={700} fz="sm" tt="uppercase" c="brand.8" style={{ letterSpacing: "0.04em" }} mb={4}>
        {title}
      </Text>
      {hint ? (
        <Text fz="sm" c="dimmed" mt={-6}>
          {hint}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
