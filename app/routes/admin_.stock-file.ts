import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/auth.server";
import { exportStock, sheetHeaders, stockTemplate } from "~/models/car-sheet.server";

/**
 * GET /admin/stock-file?kind=export|template&format=csv|xlsx (signed-in staff): the whole stock,
 * sold cars included, or the empty import template, as CSV or Excel.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const template = params.get("kind") === "template";
  const bytes = template ? await stockTemplate(format) : await exportStock(format);
  return new Response(new Uint8Array(bytes), { headers: sheetHeaders(format, template ? "stock-template" : "stock") });
}
