import { ALERT_LIMIT_MESSAGE, ALERTS_UNAVAILABLE, AlertSchema } from "~/lib/alerts";
import { confirmAlert, createAlert, leaveAlert, removeAlerts } from "~/models/alerts.server";
import { mailEnabled } from "~/models/notifications.server";
import { wakeOutbox } from "~/models/outbox.server";
import { runInTransaction } from "~/models/transaction.server";
import { parseInput, UseCaseError, type VisitorActor } from "./use-case.server";

/**
 * A buyer's alerts (docs/product.md, Alerts), for the page forms and POST /api/alerts alike. The
 * same alert sent again answers exactly as a new one, so no answer tells whether an address has
 * alerts (the limit of ten is the one exception the buyer needs to know).
 */

export async function requestAlert(_actor: VisitorActor, input: unknown): Promise<void> {
  const data = parseInput(AlertSchema, input);
  if (!mailEnabled()) throw new UseCaseError("unavailable", ALERTS_UNAVAILABLE);
  const result = await runInTransaction((trx) => createAlert(trx, data));
  if (result === "no-car") {
    throw new UseCaseError("invalid", "This car is no longer for sale", { car_id: "This car is no longer for sale" });
  }
  if (result === "limit") throw new UseCaseError("conflict", ALERT_LIMIT_MESSAGE, { email: ALERT_LIMIT_MESSAGE });
  if (result === "created") wakeOutbox();
}

export function confirmBuyerAlert(_actor: VisitorActor, token: string) {
  return runInTransaction((trx) => confirmAlert(trx, token));
}

export function leaveBuyerAlert(_actor: VisitorActor, token: string): Promise<void> {
  return runInTransaction((trx) => leaveAlert(trx, token));
}

/** From the page of an address's alerts: one alert, or all ('all'); false for an unknown link. */
export function removeBuyerAlerts(_actor: VisitorActor, token: string, which: number | "all"): Promise<boolean> {
  return runInTransaction((trx) => removeAlerts(trx, token, which));
}
