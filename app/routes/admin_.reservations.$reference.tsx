import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { requireAdmin } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp, readFormValues } from "~/http/request.server";
import { leadPath } from "~/lib/leads";
import { changeReservation, refundReservation } from "~/use-cases/reservations.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * The lead page's reservation forms post here (no JavaScript needed): the change is made and the
 * browser goes back to the lead, or the refusal is shown with a way back.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const values = await readFormValues(request);
  const actor = staffActor(admin, clientIp(context));
  const reference = params.reference ?? "";
  try {
    const r =
      values.action === "refund"
        ? await refundReservation(actor, reference)
        : await changeReservation(actor, reference, values);
    return redirect(leadPath("reservation", r.id), 303);
  } catch (e) {
    const refused = refusalForPage(e);
    return Response.json({ message: refused.message }, { status: refused.status });
  }
}

export default function ReservationChange() {
  const result = useActionData<typeof action>();
  return (
    <main style={{ maxWidth: 640, margin: "40px auto", padding: 16 }}>
      <h1>Reservation not changed</h1>
      <p role="alert">{result?.message ?? "Nothing was sent."}</p>
      <p>
        <Link to="/admin/leads?kind=reservation">Back to the reservations</Link>
      </p>
    </main>
  );
}
