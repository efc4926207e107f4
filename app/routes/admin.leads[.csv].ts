import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/http/auth.server";
import { csvResponse } from "~/http/responses.server";
import { csvStream } from "~/lib/csv";
import { filtersFor, LEAD_CSV_HEADER, leadCsvFilename, leadCsvRow, parseLeadFilters } from "~/lib/leads";
import { leadBatches } from "~/models/lead-inbox.server";

/**
 * GET /admin/leads.csv?kind=&status=&from=&to=&car=&q= (signed-in admin): the filtered inbox as
 * a spreadsheet, streamed from the database a batch at a time. `?kind=newsletter` is the list of
 * newsletter subscribers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requirePermission(request, "data.export");
  const { filters } = parseLeadFilters(new URL(request.url).searchParams);
  return csvResponse(
    leadCsvFilename(filters),
    csvStream(LEAD_CSV_HEADER, leadBatches(filtersFor(filters, admin)), leadCsvRow),
  );
}
