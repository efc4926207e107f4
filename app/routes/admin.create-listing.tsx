import { Button, Group, NativeSelect, Paper, TextInput } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { CarListTable } from "~/components/admin/CarListTable";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { Notice } from "~/components/admin/Notice";
import { Pagination } from "~/components/Pagination";
import { ADMIN_CARS_PAGE_SIZE } from "~/config/constants";
import { requireAdmin } from "~/http/auth.server";
import { parseStockQuery, STOCK_SORTS, STOCK_STATUSES, type StockQuery } from "~/lib/stock-list";
import { carTarget, recordActivity } from "~/models/activity.server";
import { deleteCar, getCar, markCarSold, parseCarId } from "~/models/car.server";
import { stockPage } from "~/models/stock-list.server";

const DONE_MESSAGES: Record<string, string> = {
  added: "Car added successfully",
  updated: "Car updated successfully",
  deleted: "Car deleted",
  sold: "Car marked as sold",
};
const QUESTIONS = {
  delete: "Are you sure you want to delete this item?",
  sold: "Are you sure you want to mark this car as sold?",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const done = DONE_MESSAGES[params.get("done") ?? ""] ?? null;
  const kind = params.get("confirm");
  const confirmId = parseCarId(params.get("id"));
  let confirm: { kind: keyof typeof QUESTIONS; id: number; label: string } | null = null;
  if ((kind === "delete" || kind === "sold") && confirmId) {
    const car = await getCar(confirmId).catch(() => null);
    if (car && !(kind === "sold" && car.sold))
      confirm = { kind, id: car.id, label: `${car.make} ${car.model} ${car.year}` };
  }
  const query = parseStockQuery(params);
  const result = await stockPage(query, ADMIN_CARS_PAGE_SIZE);
  return { ...result, query, done, confirm };
}

/** Lagos wall-clock time of day, for the sold record's timeSold. */
function lagosTime(d: Date): string {
  return d.toLocaleTimeString("en-GB", { timeZone: "Africa/Lagos", hour12: false });
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = parseCarId(String(form.get("id") ?? ""));
  // A failure is logged and answered with the screen's own message ('Error deleting car', ...).
  const logged =
    <T,>(fallback: T) =>
    (e: unknown) => {
      console.error(e);
      return fallback;
    };
  if (intent === "delete") {
    const target = id ? await carTarget(id) : null;
    const ok = id ? await deleteCar(id).catch(logged(false)) : false;
    if (ok && target) await recordActivity(admin, { action: "car.delete", target });
    return ok
      ? redirect("/admin/create-listing?done=deleted")
      : data({ error: "Error deleting car" }, { status: id ? 404 : 400 });
  }
  if (intent === "sold") {
    const car = id ? await getCar(id) : null;
    const now = new Date();
    const result = car
      ? await markCarSold(car.id, {
          make: car.make,
          model: car.model,
          year: car.year,
          color: car.color,
          dateSold: now.toISOString(),
          timeSold: lagosTime(now),
        }).catch(logged("failed" as const))
      : "not-found";
    if (car && result === "ok") await recordActivity(admin, { action: "car.sold", target: await carTarget(car.id) });
    return result === "ok"
      ? redirect("/admin/create-listing?done=sold")
      : data({ error: "Error marking car as sold" }, { status: result === "not-found" ? 404 : 400 });
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

/** Search, status and order: a GET form, so every view of the list is a link and works without JavaScript. */
function StockFilters({ query }: { query: StockQuery }) {
  const options = (o: Record<string, string>) => Object.entries(o).map(([value, label]) => ({ value, label }));
  return (
    <Paper withBorder radius="md" p="sm" component={Form} method="get" role="search" aria-label="Find cars">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label="Search"
          placeholder="Make, model, colour or stock number"
          defaultValue={query.q}
          style={{ flex: "1 1 240px" }}
        />
        <NativeSelect
          name="status"
          label="Status"
          defaultValue={query.status}
          data={options(STOCK_STATUSES)}
          style={{ flex: "1 1 120px" }}
        />
        <NativeSelect
          name="sort"
          label="Order"
          defaultValue={query.sort}
          data={options(STOCK_SORTS)}
          style={{ flex: "1 1 170px" }}
        />
        <Button type="submit" variant="filled">
          Show
        </Button>
      </Group>
    </Paper>
  );
}

export default function ManageListings() {
  const { cars, total, page, pageCount, query, done, confirm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const filtered = query.q !== "" || query.status !== "all";
  const order = STOCK_SORTS[query.sort].toLowerCase();
  return (
    <AdminPage
      title="Manage Car Listings"
      description={`${total} ${total === 1 ? "car" : "cars"}${filtered ? " found" : ""}, ${order}.`}
      actions={
        <Group gap="xs">
          <Button component={Link} to="/admin/import" variant="default">
            Import / export
          </Button>
          <Button component={Link} to="/admin/add-car">
            Add New Car
          </Button>
        </Group>
      }
    >
      {done && !result ? <Notice kind="success">{done}</Notice> : null}
      {result?.error ? <Notice kind="error">{result.error}</Notice> : null}
      {confirm ? (
        <ConfirmDialog
          question={QUESTIONS[confirm.kind]}
          detail={confirm.label}
          fields={{ intent: confirm.kind, id: String(confirm.id) }}
          cancelHref="/admin/create-listing"
        />
      ) : null}
      <StockFilters key={JSON.stringify(query)} query={query} />
      <CarListTable cars={cars} empty={filtered ? "No cars match this search." : "No cars listed yet."} />
      <Pagination page={page} pageCount={pageCount} label="Listing pages" />
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Manage Car Listings" failure="Failed to load car listings. Please try again." />;
}
