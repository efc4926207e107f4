import { Button, Group, NativeSelect, Paper, TextInput } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { Notice } from "~/components/admin/Notice";
import { StockListTable } from "~/components/admin/StockListTable";
import { Pagination } from "~/components/Pagination";
import { ADMIN_CARS_PAGE_SIZE } from "~/config/constants";
import { env, siteOrigin } from "~/config/env.server";
import { requireAdmin } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { INTEREST_DEFAULT_DAYS } from "~/lib/car-interest";
import { formatNaira } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { can } from "~/lib/roles";
import { parseStockQuery, STOCK_SORTS, STOCK_STATUSES, type StockQuery } from "~/lib/stock-list";
import { getCar, parseCarId } from "~/models/car.server";
import { interestOf } from "~/models/car-interest.server";
import { stockPage } from "~/models/stock-list.server";
import { deleteCarListing, sellCar, unsellCar } from "~/use-cases/cars.server";
import { staffActor } from "~/use-cases/use-case.server";

const DONE_MESSAGES: Record<string, string> = {
  added: "Car added successfully",
  updated: "Car updated successfully",
  deleted: "Car deleted",
  sold: "Car marked as sold",
  unsold: "Car put back on sale",
};
const UNSELL_NOTE = "The activity trail keeps what the sale was.";
const QUESTIONS = {
  delete: "Are you sure you want to delete this item?",
  sold: "Are you sure you want to mark this car as sold?",
  unsell: "Put this car back on sale?",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const done = DONE_MESSAGES[params.get("done") ?? ""] ?? null;
  const kind = params.get("confirm");
  const confirmId = parseCarId(params.get("id"));
  const canDelete = can(admin.role, "cars.delete");
  const canUnsell = can(admin.role, "cars.unsell");
  let confirm: { kind: keyof typeof QUESTIONS; id: number; label: string; price: number } | null = null;
  const asked = (kind === "delete" && canDelete) || kind === "sold" || (kind === "unsell" && canUnsell);
  if (asked && confirmId) {
    const car = await getCar(confirmId).catch(() => null);
    // Sold asks about an unsold car only, and back on sale about a sold one.
    if (car && !(kind === "sold" && car.sold) && !(kind === "unsell" && !car.sold))
      confirm = { kind, id: car.id, label: `${car.make} ${car.model} ${car.year}`, price: car.price };
  }
  const query = parseStockQuery(params);
  const result = await stockPage(query, ADMIN_CARS_PAGE_SIZE);
  const interest = await interestOf(result.cars, INTEREST_DEFAULT_DAYS);
  return { ...result, query, done, confirm, canDelete, canUnsell, interest, origin: siteOrigin(env()) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = parseCarId(String(form.get("id") ?? ""));
  // A failure is answered with the screen's own message ('Error deleting car', ...); an unexpected one is logged.
  const actor = staffActor(admin, clientIp(context));
  if (intent === "delete") {
    try {
      if (!id) throw new Refusal("not_found", "Car not found");
      await deleteCarListing(actor, id);
      return redirect("/admin/create-listing?done=deleted");
    } catch (e) {
      if (e instanceof Refusal && e.code === "forbidden") throw new Response(e.message, { status: 403 });
      if (!(e instanceof Refusal)) context.logger.error({ err: e }, "server error");
      return data({ error: "Error deleting car" }, { status: e instanceof Refusal ? refusalForPage(e).status : 500 });
    }
  }
  if (intent === "sold") {
    try {
      if (!id) throw new Refusal("not_found", "Car not found");
      await sellCar(actor, { id, salePrice: form.get("salePrice") ?? "" });
      return redirect("/admin/create-listing?done=sold");
    } catch (e) {
      if (!(e instanceof Refusal)) context.logger.error({ err: e }, "server error");
      const failure = e instanceof Refusal ? refusalForPage(e) : null;
      const priceError = failure?.fieldErrors.salePrice;
      return data(
        { error: priceError ? `Error marking car as sold: ${priceError}` : "Error marking car as sold" },
        { status: failure?.status ?? 500 },
      );
    }
  }
  if (intent === "unsell") {
    try {
      if (!id) throw new Refusal("not_found", "Car not found");
      await unsellCar(actor, { id });
      return redirect("/admin/create-listing?done=unsold");
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      const failure = refusalForPage(e);
      if (failure.status === 403) throw new Response(failure.message, { status: 403 });
      return data({ error: `Error putting the car back on sale: ${failure.message}` }, { status: failure.status });
    }
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

export default function StockList() {
  const { cars, total, page, pageCount, query, done, confirm, canDelete, canUnsell, interest, origin } =
    useLoaderData<typeof loader>();
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
          detail={
            confirm.kind === "unsell"
              ? `${confirm.label}: its sale record is removed and it shows as available again. ${UNSELL_NOTE}`
              : confirm.label
          }
          fields={{ intent: confirm.kind, id: String(confirm.id) }}
          cancelHref="/admin/create-listing"
        >
          {confirm.kind === "sold" ? (
            <TextInput
              label="Agreed price (₦)"
              name="salePrice"
              defaultValue={String(confirm.price)}
              description={`Listed at ${formatNaira(confirm.price)}. Change it if the buyer paid another price.`}
              mb="md"
            />
          ) : null}
        </ConfirmDialog>
      ) : null}
      <StockFilters key={JSON.stringify(query)} query={query} />
      <StockListTable
        cars={cars}
        canDelete={canDelete}
        canUnsell={canUnsell}
        interest={interest}
        origin={origin}
        empty={filtered ? "No cars match this search." : "No cars listed yet."}
      />
      <Pagination page={page} pageCount={pageCount} label="Stock list pages" />
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Manage Car Listings" failure="Failed to load car listings. Please try again." />;
}
