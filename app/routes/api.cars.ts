import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseCarFilters } from "~/lib/car-filters";
import { listCars } from "~/models/car.server";

/**
 * GET /api/cars: the public search (SPEC §7 query parameters). Invalid values are ignored and
 * named in the X-Ignored-Filters header, never a 500.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters, ignored } = parseCarFilters(new URL(request.url).searchParams);
  const headers = ignored.length ? { "X-Ignored-Filters": ignored.join(",") } : undefined;
  return Response.json(await listCars(filters), { headers });
}
