import { Anchor, Box, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import formClasses from "~/components/admin/CarForm.module.css";
import { Notice } from "~/components/admin/Notice";
import { ResponsiveTable } from "~/components/admin/ResponsiveTable";
import { requireAdmin, requirePermission } from "~/http/auth.server";
import { isMultipart } from "~/http/multipart.server";
import { forbiddenAsPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { readSheetUpload } from "~/http/sheet-upload.server";
import { type ImportPreview, REQUIRED_COLUMNS, SHEET_TYPE_MESSAGE, type SheetRowSummary } from "~/lib/car-sheet";
import { edge } from "~/lib/edge";
import { can } from "~/lib/roles";
import { keepForConfirm, takeKept } from "~/models/car-sheet.server";
import { importStock } from "~/use-cases/stock-sheet.server";
import { staffActor } from "~/use-cases/use-case.server";

/** The one rule for imported cars without photos (docs/product.md, Imported cars without photos). */
const NO_PHOTOS_YET =
  'New cars have no photos yet: they are listed at once, after every car with photos, and show "Photos coming soon" ' +
  "until you add photos on each car's page.";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ sheet: ["POST"] });

type ImportAnswer =
  | { error: string }
  | { preview: ImportPreview; token: string | null; fileName: string; confirmed: boolean };

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requirePermission(request, "cars.import");
  return { canExport: can(admin.role, "data.export") };
}

/**
 * Two steps: a multipart post of the file answers its preview (nothing written; the file is kept
 * for an hour under a token); a form post of the token imports it, checked again first.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const actor = staffActor(admin, clientIp(context));
  const fail = (error: string, status: number) => data<ImportAnswer>({ error }, { status });
  try {
    if (!isMultipart(request)) {
      const form = await request.formData();
      const file = await takeKept(admin.id, String(form.get("token") ?? ""), String(form.get("fileName") ?? ""));
      if (!file) return fail("This preview has expired. Choose the file again.", 410);
      const preview = await importStock(actor, file, { dryRun: false });
      return data<ImportAnswer>(
        { preview, token: null, fileName: file.name, confirmed: true },
        { status: preview.written ? 200 : 422 },
      );
    }
    const { file } = await readSheetUpload(request);
    if (!file) return fail(SHEET_TYPE_MESSAGE, 400);
    const preview = await importStock(actor, file, { dryRun: true });
    const token = preview.problems.length ? null : await keepForConfirm(admin.id, file);
    return data<ImportAnswer>({ preview, token, fileName: file.name, confirmed: false });
  } catch (e) {
    const refused = forbiddenAsPage(e);
    return fail(refused.message, refused.status);
  }
}

function Downloads({ canExport }: { canExport: boolean }) {
  const link = (kind: string, format: string, label: string) => (
    <Button component="a" href={`/admin/stock-file?kind=${kind}&format=${format}`} variant="default" size="xs">
      {label}
    </Button>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb={4}>
          The template
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          One car per row under the header. Required columns: {REQUIRED_COLUMNS.join(", ")}. Key features are separated
          by semicolons; yes/no columns take Yes or No (blank is Unknown for the papers).
        </Text>
        <Group gap="xs">
          {link("template", "xlsx", "Template (.xlsx)")}
          {link("template", "csv", "Template (.csv)")}
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb={4}>
          Export the stock
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Every car, sold ones too, in the template's columns. Edit it and import it back: rows update the cars with the
          same stock number.
        </Text>
        {canExport ? (
          <Group gap="xs">
            {link("export", "xlsx", "Export (.xlsx)")}
            {link("export", "csv", "Export (.csv)")}
          </Group>
        ) : (
          <Text size="sm">Only an owner can export the stock.</Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}

const SHOWN_ROWS = 100;

function RowList({ title, rows, empty }: { title: string; rows: SheetRowSummary[]; empty: string }) {
  const shown = rows.slice(0, SHOWN_ROWS);
  return (
    <Box>
      <Title order={3} fz="sm" mb={6}>
        {title} ({rows.length})
      </Title>
      <ResponsiveTable
        columns={["Row", "Stock number", "Car"]}
        minWidth={420}
        fz="sm"
        empty={empty}
        cards={
          <List size="sm" spacing={4}>
            {shown.map((r) => (
              <List.Item key={r.row}>
                Row {r.row}: {r.name}
                {r.stock_number ? ` · ${r.stock_number}` : ""}
              </List.Item>
            ))}
          </List>
        }
        rows={shown.map((r) => (
          <Table.Tr key={r.row}>
            <Table.Td>{r.row}</Table.Td>
            <Table.Td>{r.stock_number ?? "-"}</Table.Td>
            <Table.Td>{r.id ? <Anchor href={`/admin/edit-car/${r.id}`}>{r.name}</Anchor> : r.name}</Table.Td>
          </Table.Tr>
        ))}
      />
      {rows.length > SHOWN_ROWS ? (
        <Text size="xs" c="dimmed" mt={4}>
          and {rows.length - SHOWN_ROWS} more
        </Text>
      ) : null}
    </Box>
  );
}

function Preview({ answer }: { answer: Extract<ImportAnswer, { preview: ImportPreview }> }) {
  const { preview, token, fileName, confirmed } = answer;
  const busy = useNavigation().state === "submitting";
  const problems = preview.problems;
  const stat = (label: string, value: number, color?: string) => (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
  return (
    <Stack gap="md" id="preview">
      <Title order={2} fz="lg">
        {confirmed && preview.written ? "Imported" : "Preview"}: {fileName}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {stat("Rows", preview.rows)}
        {stat("To add", preview.add.length)}
        {stat("To update", preview.update.length)}
        {stat("Problems", problems.length, problems.length ? "red.8" : undefined)}
      </SimpleGrid>
      {preview.ignoredColumns.length ? (
        <Notice kind="info">Columns not in the template are not read: {preview.ignoredColumns.join(", ")}.</Notice>
      ) : null}
      {problems.length ? (
        <Box>
          <Notice kind="error">
            Nothing was imported. Fix these {problems.length === 1 ? "problem" : "problems"} in the file and choose it
            again.
          </Notice>
          <Paper withBorder radius="md" mt="sm">
            <Table.ScrollContainer minWidth={360}>
              <Table fz="sm" striped verticalSpacing={6} aria-label="Problems">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {problems.map((p) => (
                    <Table.Tr key={`${p.row}-${p.column}-${p.message}`}>
                      <Table.Td>{p.row}</Table.Td>
                      <Table.Td>
                        <code>{p.column || "-"}</code>
                      </Table.Td>
                      <Table.Td>{p.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </Box>
      ) : null}
      {confirmed && preview.written ? (
        <Notice kind="success">
          {preview.add.length} added and {preview.update.length} updated. {NO_PHOTOS_YET}{" "}
          <Anchor component={Link} to="/admin/create-listing">
            Back to the stock list
          </Anchor>
        </Notice>
      ) : null}
      {token ? (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="fileName" value={fileName} />
          <Group>
            <Button type="submit" loading={busy}>
              Import {preview.add.length + preview.update.length} cars
            </Button>
            <Text size="sm" c="dimmed">
              Nothing is written until you confirm; then every row at once.
            </Text>
          </Group>
        </Form>
      ) : null}
      {problems.length === 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <RowList title="To add" rows={preview.add} empty="No new cars" />
          <RowList title="To update" rows={preview.update} empty="No cars to update" />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

export default function ImportStock() {
  const { canExport } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AdminPage
      title="Import stock"
      description="Bring cars in from a spreadsheet (CSV or Excel), or take the whole stock out."
      actions={
        <Button component={Link} to="/admin/create-listing" variant="default">
          Stock list
        </Button>
      }
    >
      <Downloads canExport={canExport} />
      <Paper withBorder radius="md" p="md">
        <Form method="post" encType="multipart/form-data">
          <Stack gap="sm">
            <label htmlFor="file">
              <Text fw={600} size="sm">
                Spreadsheet file
              </Text>
              <Text size="xs" c="dimmed">
                CSV or Excel (.xlsx), up to 10 MB. You will see what changes before anything is written.
              </Text>
            </label>
            <input
              id="file"
              name="file"
              type="file"
              required
              accept=".csv,.xlsx,text/csv"
              className={formClasses.fileInput}
            />
            <Group>
              <Button type="submit" variant="filled" loading={busy}>
                Preview
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
      {answer && "error" in answer ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer && "preview" in answer ? <Preview answer={answer} /> : null}
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
