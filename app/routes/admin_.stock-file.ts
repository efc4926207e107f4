import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin, requirePermission } from "~/http/auth.server";
import { exportStock, sheetHeaders, stockTemplate } from "~/models/car-sheet.server";

/**
 * GET /admin/stock-file?kind=export|template&format=csv|xlsx: the whole stock, sold cars included
 * (owners), or the empty import template (every staff member), as CSV or Excel.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const template = params.get("kind") === "template";
  // The empty template for every staff member; the stock itself for owners (data.export).
  if (template) await requireAdmin(request);
  else await requirePermission(request, "data.export");
  const bytes = template ? await stockTemplate(format) : await exportStock(format);
  return new Response(new Uint8Array(bytes), { headers: sheetHeaders(format, template ? "stock-template" : "stock") });
}
