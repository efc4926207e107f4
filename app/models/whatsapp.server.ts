import { WHATSAPP_CLICK_WINDOW_MS, WHATSAPP_CLICKS_PER_ADDRESS } from "~/config/constants";
import { getDb, nowIso } from "../../db/database.server";

/**
 * WhatsApp chat clicks. Every chat link on the site goes through /go/whatsapp, which counts the
 * click as a `whatsapp` lead (the car, the page the link was on, the time: no personal data) and
 * sends the visitor on to wa.me. An address that clicks more than WHATSAPP_CLICKS_PER_ADDRESS
 * times in WHATSAPP_CLICK_WINDOW_MS is still sent on, but its clicks stop being counted, so a
 * script cannot flood the inbox.
 */

export interface ChatCar {
  id: number;
  make: string;
  model: string;
  year: number;
}

/** The car a chat is about, by id; null for none or an unknown id. */
export async function chatCar(id: number | null): Promise<ChatCar | null> {
  if (id === null) return null;
  return (
    (await getDb()
      .selectFrom("cars")
      .select(["id", "make", "model", "year"])
      .where("id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

/** A page path as stored: starts with one "/", no query or fragment, at most 200 characters. */
function cleanPagePath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const path = raw.split(/[?#]/)[0].trim();
  if (!/^\/(?!\/)[\w\-./~%@:+]*$/.test(path)) return null;
  return path.slice(0, 200);
}

const clicksByAddress = new Map<string, { start: number; count: number }>();

/** Whether this address may still have a click counted now (and counts it). */
function withinBudget(address: string, now: number): boolean {
  if (clicksByAddress.size > 10_000) {
    for (const [key, w] of clicksByAddress) if (now - w.start >= WHATSAPP_CLICK_WINDOW_MS) clicksByAddress.delete(key);
  }
  const window = clicksByAddress.get(address);
  if (!window || now - window.start >= WHATSAPP_CLICK_WINDOW_MS) {
    clicksByAddress.set(address, { start: now, count: 1 });
    return true;
  }
  window.count += 1;
  return window.count <= WHATSAPP_CLICKS_PER_ADDRESS;
}

/** Forgets every address's click count (tests). */
export function resetWhatsappClickBudget(): void {
  clicksByAddress.clear();
}

/**
 * Counts one chat click (a `whatsapp` lead, by trigger) unless the address is over its budget;
 * returns the car it was about, for the greeting. An unknown car is counted without a car.
 */
export async function recordWhatsappClick(click: {
  carId: number | null;
  from: string | null;
  address: string;
}): Promise<{ car: ChatCar | null; counted: boolean }> {
  const car = await chatCar(click.carId);
  if (!withinBudget(click.address, Date.now())) return { car, counted: false };
  await getDb()
    .insertInto("whatsapp_clicks")
    .values({
      car_id: car?.id ?? null,
      car_label: car ? `${car.make} ${car.model} ${car.year}` : null,
      from_path: cleanPagePath(click.from),
      created_at: nowIso(),
    })
    .execute();
  return { car, counted: true };
}
