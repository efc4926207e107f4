import { Box, Paper, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The back office's list frame: `cards` on phones, a table with `columns` from the sm breakpoint
 * up; with no rows, `empty` instead of the cards and in one full-width row of the table.
 */
export function ResponsiveTable({
  columns,
  cards,
  rows,
  empty,
  minWidth,
  fz,
  horizontalSpacing = "md",
  label,
}: {
  columns: readonly string[];
  cards: ReactNode;
  rows: ReactNode[];
  empty: string;
  minWidth: number;
  fz?: "sm";
  horizontalSpacing?: "xs" | "sm" | "md";
  /** The table's accessible name. */
  label?: string;
}) {
  return (
    <>
      <Box hiddenFrom="sm">
        {rows.length === 0 ? (
          <Paper withBorder radius="md" p="lg">
            <Text ta="center" c="dimmed">
              {empty}
            </Text>
          </Paper>
        ) : (
          cards
        )}
      </Box>
      <Paper withBorder radius="md" shadow="xs" visibleFrom="sm">
        <Table.ScrollContainer minWidth={minWidth}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing={horizontalSpacing}
            fz={fz}
            aria-label={label}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((h) => (
                  <Table.Th key={h} style={{ whiteSpace: "nowrap" }}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text ta="center" c="dimmed" py="lg">
                      {empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
