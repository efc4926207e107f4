import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermissionApi } from "~/http/auth.server";
import { jsonError } from "~/http/responses.server";
import { exportStock, sheetHeaders } from "~/models/car-sheet.server";

/**
 * GET /api/cars/export?format=csv|xlsx (bearer, owners only: data leaves the building): the whole
 * stock, sold cars included, in the import template's columns (plus a read-only `sold`), so an
 * edited export imports back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermissionApi(request, "data.export");
  const format = new URL(request.url).searchParams.get("format") ?? "csv";
  if (format !== "csv" && format !== "xlsx") return jsonError("format must be csv or xlsx", 400);
  return new Response(new Uint8Array(await exportStock(format)), { headers: sheetHeaders(format, "stock") });
}
