import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import classes from "~/components/reservations/reservations.module.css";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { formatNaira } from "~/lib/money";
import { holdEndText } from "~/lib/reservations";
import { mailEnabled } from "~/models/notifications.server";
import { confirmReservation } from "~/use-cases/reservations.server";
import { visitorActor } from "~/use-cases/use-case.server";

/**
 * Where Paystack sends the buyer back (/reservations/callback?reference=…): the payment is
 * confirmed with Paystack's verify, and the page says what happened: reserved until when, or why not.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const reference = (url.searchParams.get("reference") ?? url.searchParams.get("trxref") ?? "").slice(0, 100);
  if (!reference) return { kind: "unknown" as const, reference };
  try {
    const outcome = await confirmReservation(visitorActor(clientIp(context)), reference);
    if (outcome.kind === "unknown") return { kind: "unknown" as const, reference };
    const r = outcome.reservation;
    return {
      kind: outcome.kind,
      reference,
      car: r.car_label,
      carId: r.car_id,
      amount: formatNaira(r.amount),
      until: holdEndText(r.hold_until),
      status: r.status,
      receipt: mailEnabled(),
    };
  } catch (e) {
    return { kind: "error" as const, reference, message: refusalForPage(e).message };
  }
}

export default function ReservationCallback() {
  const data = useLoaderData<typeof loader>();
  return (
    <Container size="md" className={classes.result}>
      <h1>Your reservation</h1>
      <Outcome data={data} />
      <p>
        <Link to="/browse">Browse cars</Link>
      </p>
    </Container>
  );
}

function Outcome({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  switch (data.kind) {
    case "reserved":
      return (
        <>
          <Notice tone="success" role="status" title={`Reserved for you until ${data.until}`}>
            <p>
              We have received your deposit of {data.amount} for the {data.car}.
              {data.receipt ? " Your receipt is on its way by email." : " Keep the reference below as your receipt."}
            </p>
            <p>
              Reference: <strong data-testid="reference">{data.reference}</strong>
            </p>
          </Notice>
          <ButtonLink to={`/cars/${data.carId}`}>See the car</ButtonLink>
        </>
      );
    case "needs_refund":
      return (
        <Notice tone="warning" role="alert" title="Already reserved">
          <p>
            Your payment of {data.amount} arrived, but the {data.car} is already held for another buyer (or the amount
            was not the one asked). We will refund you; our staff have been told and will call you.
          </p>
          <p>Reference: {data.reference}</p>
        </Notice>
      );
    case "failed":
      return (
        <Notice tone="error" role="alert" title="Not reserved: the payment did not go through">
          <p>
            Paystack says the payment failed or was abandoned. No money was taken for this reservation and the car is
            free again.
          </p>
          <ButtonLink to={`/cars/${data.carId}`}>Try again</ButtonLink>
        </Notice>
      );
    case "closed":
      return (
        <Notice tone="error" role="alert" title="Not reserved">
          <p>This reservation is no longer open (its time ran out or it was cancelled). Reference: {data.reference}</p>
        </Notice>
      );
    case "error":
      return (
        <Notice tone="error" role="alert" title="We could not confirm your payment yet">
          <p>{data.message}</p>
        </Notice>
      );
    default:
      return (
        <Notice tone="error" role="alert" title="Reservation not found">
          <p>We have no reservation with this reference. If you paid, call us with the reference from Paystack.</p>
        </Notice>
      );
  }
}

export const meta: MetaFunction = () => [{ title: "Your reservation" }, { name: "robots", content: "noindex" }];
