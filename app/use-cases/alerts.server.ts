import { ALERT_LIMIT_MESSAGE, ALERTS_UNAVAILABLE, AlertSchema } from "~/lib/alerts";
import { Refusal } from "~/lib/refusal";
import { confirmAlert, createAlert, leaveAlert, removeAlerts } from "~/models/alerts.server";
import { getBusiness } from "~/models/business.server";
import { mailEnabled } from "~/models/notifications.server";
import { wakeOutbox } from "~/models/outbox.server";
import { type Actor, parseInput, runWrite } from "./use-case.server";

/**
 * A buyer's alerts (docs/product.md, Alerts), for the page forms and POST /api/alerts alike. The
 * same alert sent again answers exactly as a new one, so no answer tells whether an address has
 * alerts (the limit of ten is the one exception the buyer needs to know).
 */

export async function requestAlert(actor: Actor, input: unknown): Promise<void> {
  const data = parseInput(AlertSchema, input);
  if (!mailEnabled()) throw new Refusal("unavailable", ALERTS_UNAVAILABLE);
  const business = await getBusiness();
  const result = await runWrite(actor, "alerts.own", (trx) => createAlert(trx, data, business));
  if (result === "no-car") {
    throw new Refusal("invalid", "This car is no longer for sale", { car_id: "This car is no longer for sale" });
  }
  if (result === "not-reserved") {
    const message = "This car is not reserved: it is for sale now. Reserve it or book an inspection.";
    throw new Refusal("invalid", message, { car_id: message });
  }
  if (result === "limit") throw new Refusal("conflict", ALERT_LIMIT_MESSAGE, { email: ALERT_LIMIT_MESSAGE });
  if (result === "created") wakeOutbox();
}

export function confirmBuyerAlert(actor: Actor, token: string) {
  return runWrite(actor, "alerts.own", (trx) => confirmAlert(trx, token));
}

export function leaveBuyerAlert(actor: Actor, token: string): Promise<void> {
  return runWrite(actor, "alerts.own", (trx) => leaveAlert(trx, token));
}

/** From the page of an address's alerts: one alert, or all ('all'); false for an unknown link. */
export function removeBuyerAlerts(actor: Actor, token: string, which: number | "all"): Promise<boolean> {
  return runWrite(actor, "alerts.own", (trx) => removeAlerts(trx, token, which));
}
