import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import classes from "~/components/reservations/reservations.module.css";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp, readFormValues } from "~/http/request.server";
import { edge } from "~/lib/edge";
import { startReservation } from "~/use-cases/reservations.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts): a buyer's form, on the lead budget. */
export const handle = edge({ leads: "form" });

/**
 * The car page's "Reserve with ₦…" form posts here: the car is held for the checkout and the
 * buyer is sent on to Paystack (303; the site's form-action lets that navigation through). When
 * it cannot be reserved, the page says why, with a way back to the car.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readFormValues(request);
  try {
    const started = await startReservation(visitorActor(clientIp(context)), values);
    return redirect(started.authorization_url, 303);
  } catch (e) {
    const refused = refusalForPage(e);
    const carId = /^\d{1,15}$/.test(values.car_id ?? "") ? Number(values.car_id) : null;
    return Response.json(
      { message: refused.message, fieldErrors: refused.fieldErrors, carId },
      { status: refused.status },
    );
  }
}

export default function Reservations() {
  const result = useActionData<typeof action>();
  const fields: string[] = result ? Object.values(result.fieldErrors as Record<string, string>) : [];
  return (
    <Container size="md" className={classes.result}>
      <h1>Reserve a car</h1>
      {result ? (
        <Notice tone="error" role="alert" title="Not reserved">
          <p>{result.message}</p>
          {fields.length > 1 ? (
            <ul>
              {fields.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : (
        <p>Choose a car and press "Reserve" on its page.</p>
      )}
      <p>
        {result?.carId ? (
          <Link to={`/cars/${result.carId}`}>Back to the car</Link>
        ) : (
          <Link to="/browse">Browse cars</Link>
        )}
      </p>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Reserve a car" }, { name: "robots", content: "noindex" }];
