import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { readSheetUpload } from "~/http/sheet-upload.server";
import { SHEET_TYPE_MESSAGE } from "~/lib/car-sheet";
import { edge } from "~/lib/edge";
import { importStock } from "~/use-cases/stock-sheet.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ sheet: ["POST"] });

/**
 * POST /api/cars/import (bearer, owner or sales; multipart: `file` a CSV or .xlsx of at most 10 MB, `dryRun`
 * true (the default) or false). Answers the preview { rows, add, update, problems,
 * ignoredColumns, written }: 200 when it is a dry run or written, 422 when problems stopped the
 * write (nothing is written then).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin } = await requireAdminApi(request);
  try {
    const { file, fields } = await readSheetUpload(request);
    if (!file) return jsonError(`${SHEET_TYPE_MESSAGE} in the part named file`, 400);
    const dryRunText = (fields.dryRun ?? "true").trim().toLowerCase();
    if (!["true", "false", "1", "0"].includes(dryRunText)) return jsonError("dryRun must be true or false", 400);
    const dryRun = dryRunText === "true" || dryRunText === "1";
    const preview = await importStock(staffActor(admin, clientIp(context)), file, { dryRun });
    return Response.json(preview, { status: !dryRun && !preview.written ? 422 : 200 });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
