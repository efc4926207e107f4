import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/http/auth.server";
import { csvResponse } from "~/http/responses.server";
import { parseReportRange, reportCsv } from "~/lib/report";
import { buildReport } from "~/models/reports.server";

/** GET /admin/report.csv?from=&to= (signed-in admin): the Reports page's figures as a spreadsheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "data.export");
  const { from, to } = parseReportRange(new URL(request.url).searchParams);
  return csvResponse(`report-${from}-to-${to}.csv`, reportCsv(await buildReport({ from, to })));
}
