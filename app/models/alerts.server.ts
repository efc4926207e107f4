import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { BUYER_WHATSAPP_PER_DAY } from "~/config/constants";
import { env, siteOrigin } from "~/config/env.server";
import {
  type AlertCar,
  type AlertLinks,
  type AlertSubject,
  alertAbout,
  availableAgainMail,
  confirmAlertMail,
  matchesMailsFor,
  priceDropMail,
  soldMail,
  stillForSaleMail,
} from "~/lib/alert-mail";
import {
  ALERT_CONFIRM_DAYS,
  type AlertInput,
  alertFilters,
  alertSearchQuery,
  inNumberRange,
  MAX_ALERTS_PER_ADDRESS,
  searchInWords,
  withoutNumberRanges,
} from "~/lib/alerts";
import type { Business } from "~/lib/business";
import { type CarInput, carPath } from "~/lib/car";
import type { CarFilters } from "~/lib/car-filters";
import { digestDayAt } from "~/lib/digest-clock";
import { imageSrc } from "~/lib/images";
import { LAGOS_UTC_OFFSET_HOURS, lagosDate } from "~/lib/lagos-time";
import type { RenderedMail } from "~/lib/mail-layout";
import { alertChatText, alertWhatsapp, whatsappRecipient } from "~/lib/whatsapp-messages";
import { getDb } from "../../db/database.server";
import { getBusiness } from "./business.server";
import { carColumns, carsMatchingFilters } from "./car.server";
import { type Db, inTransaction } from "./db.server";
import { getNotifications, mailEnabled, whatsappEnabled } from "./notifications.server";
import { buyerEmail, enqueue, type OutboxInput } from "./outbox.server";
import { queueSourcingMatches, sourcingRequestsFor } from "./sourcing-matches.server";

/**
 * Buyers' alerts (docs/product.md, Alerts). An alert is stored 'pending' with a confirmation
 * link; nothing is sent for it until the buyer confirms. A car write calls queueCarAlerts in its
 * own transaction: each confirmed search alert the car newly answers gets it once (alert_matches
 * holds each pair once); the sender's queueDueAlerts emails it at once when the alert has had no
 * email that Lagos day, else in the next day's email (from 08:00). Price alerts get the old and new price on a drop
 * and one last email when the car is sold. "Available" alerts (on a reserved car) get one email
 * when its paid hold ends or is cancelled, or the sold email. Leaving deletes the alert.
 */

const DAY_MS = 86_400_000;
const CHUNK = 500;

const newToken = () => randomBytes(32).toString("base64url");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const origin = () => siteOrigin(env());
const chunks = <T>(list: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

const confirmPath = (token: string) => `/alerts/confirm/${token}`;
const leavePath = (token: string) => `/alerts/leave/${token}`;
const oneClickPath = (token: string) => `/api/alerts/leave/${token}`;
const managePath = (token: string) => `/alerts/manage/${token}`;

/** An alert as a buyer asks for it (AlertSchema's output). */
export type NewAlert = Omit<AlertInput, "whatsapp" | "when"> & { whatsapp?: string; when?: "available" };

export type CreateAlertResult = "created" | "exists" | "limit" | "no-car" | "not-reserved";

/**
 * Stores an alert and queues its confirmation email, in `db` (the caller's transaction). The same
 * alert again ('exists') changes nothing; the caller answers it as it answers 'created'.
 */
export async function createAlert(
  db: Db,
  input: NewAlert,
  business: Business,
  now = new Date(),
): Promise<CreateAlertResult> {
  const email = input.email.toLowerCase();
  let carName: string | null = null;
  if (input.car_id !== undefined) {
    const car = await db
      .selectFrom("cars")
      .select(["make", "model", "year", "sold"])
      .where("id", "=", input.car_id)
      .executeTakeFirst();
    if (!car || car.sold) return "no-car";
    carName = `${car.make} ${car.model} ${car.year}`;
    if (input.when === "available" && !(await reservedNow(db, input.car_id, now))) return "not-reserved";
  }
  const kind = input.car_id === undefined ? "search" : input.when === "available" ? "available" : "price";
  const search = kind === "search" ? alertSearchQuery(input.search ?? "") : null;
  const at = now.toISOString();
  const contact = await db
    .insertInto("alert_contacts")
    .values({ email, manage_token: newToken(), whatsapp: input.whatsapp ?? null, created_at: at })
    .onConflict((oc) =>
      input.whatsapp ? oc.column("email").doUpdateSet({ whatsapp: input.whatsapp }) : oc.column("email").doNothing(),
    )
    .execute()
    .then(() =>
      db.selectFrom("alert_contacts").select("manage_token").where("email", "=", email).executeTakeFirstOrThrow(),
    );
  const live = await db
    .selectFrom("buyer_alerts")
    .select(["kind", "search", "car_id"])
    .where("email", "=", email)
    .where("status", "in", ["pending", "active"])
    .execute();
  if (
    live.some(
      (a) =>
        a.kind === kind &&
        (kind === "search" ? a.search?.toLowerCase() === search?.toLowerCase() : a.car_id === input.car_id),
    )
  ) {
    return "exists";
  }
  if (live.length >= MAX_ALERTS_PER_ADDRESS) return "limit";
  const confirm = newToken();
  const leave = newToken();
  await db
    .insertInto("buyer_alerts")
    .values({
      email,
      kind,
      search,
      car_id: input.car_id ?? null,
      confirm_hash: sha256(confirm),
      confirm_expires_at: new Date(now.getTime() + ALERT_CONFIRM_DAYS * DAY_MS).toISOString(),
      leave_token: leave,
      created_at: at,
    })
    .execute();
  const links = linksOf(leave, contact.manage_token);
  const mail = confirmAlertMail({ kind, search, carName }, origin() + confirmPath(confirm), links, business);
  await enqueue(db, [alertEmail(email, mail, null)], now);
  return "created";
}

/** Whether a buyer's paid hold is on the car now (what the car page shows as "Reserved"). */
async function reservedNow(db: Db, carId: number, now: Date): Promise<boolean> {
  const held = await db
    .selectFrom("reservations")
    .select("id")
    .where("car_id", "=", carId)
    .where("status", "=", "paid")
    .where("hold_until", ">", now.toISOString())
    .executeTakeFirst();
  return held !== undefined;
}

const linksOf = (leave: string, manage: string): AlertLinks => ({
  leave: origin() + leavePath(leave),
  manage: origin() + managePath(manage),
});

/** An alert email; with its leave token, one-click unsubscribe. */
function alertEmail(to: string, mail: RenderedMail, leaveToken: string | null): OutboxInput {
  return buyerEmail("buyer-alert", to, mail, leaveToken ? origin() + oneClickPath(leaveToken) : null);
}

export type ConfirmResult = { state: "confirmed" | "already"; about: string; manage: string } | { state: "unknown" };

/** Confirms an alert from its emailed link: once; a second use says it is already confirmed. */
export async function confirmAlert(db: Db, token: string, now = new Date()): Promise<ConfirmResult> {
  const row = await db
    .selectFrom("buyer_alerts")
    .innerJoin("alert_contacts", "alert_contacts.email", "buyer_alerts.email")
    .leftJoin("cars", "cars.id", "buyer_alerts.car_id")
    .select([
      "buyer_alerts.id",
      "buyer_alerts.kind",
      "buyer_alerts.search",
      "buyer_alerts.status",
      "buyer_alerts.confirm_expires_at",
      "alert_contacts.manage_token",
      sql<string | null>`cars.make || ' ' || cars.model || ' ' || cars.year`.as("car_name"),
    ])
    .where("buyer_alerts.confirm_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) return { state: "unknown" };
  const about = alertAbout({ kind: row.kind, search: row.search, carName: row.car_name });
  const manage = managePath(row.manage_token);
  if (row.status !== "pending") return { state: "already", about, manage };
  if (!row.confirm_expires_at || row.confirm_expires_at < now.toISOString()) return { state: "unknown" };
  await db
    .updateTable("buyer_alerts")
    .set({ status: "active", confirmed_at: now.toISOString() })
    .where("id", "=", row.id)
    .execute();
  return { state: "confirmed", about, manage };
}

/** Leaves one alert from its unsubscribe link (deleted); the same answer whether or not it was there. */
export async function leaveAlert(db: Db, leaveToken: string): Promise<void> {
  await db.deleteFrom("buyer_alerts").where("leave_token", "=", leaveToken).execute();
}

export interface ManagedAlert {
  id: number;
  about: string;
  status: "pending" | "active" | "ended" | "removed";
  created_at: string;
  matches_sent: number;
}

/** The page of an address's alerts, from its manage link; null for an unknown link. */
export async function alertsOfLink(token: string): Promise<{ email: string; alerts: ManagedAlert[] } | null> {
  const db = getDb();
  const contact = await db
    .selectFrom("alert_contacts")
    .select("email")
    .where("manage_token", "=", token)
    .executeTakeFirst();
  if (!contact) return null;
  const rows = await db
    .selectFrom("buyer_alerts")
    .leftJoin("cars", "cars.id", "buyer_alerts.car_id")
    .select([
      "buyer_alerts.id",
      "buyer_alerts.kind",
      "buyer_alerts.search",
      "buyer_alerts.status",
      "buyer_alerts.created_at",
      "buyer_alerts.matches_sent",
      sql<string | null>`cars.make || ' ' || cars.model || ' ' || cars.year`.as("car_name"),
    ])
    .where("buyer_alerts.email", "=", contact.email)
    .orderBy("buyer_alerts.id")
    .execute();
  return {
    email: contact.email,
    alerts: rows.map((r) => ({
      id: r.id,
      about: alertAbout({ kind: r.kind, search: r.search, carName: r.car_name }),
      status: r.status,
      created_at: r.created_at,
      matches_sent: r.matches_sent,
    })),
  };
}

/** Removes one alert of the link's address, or all of them and the address itself ('all'). */
export async function removeAlerts(db: Db, token: string, which: number | "all"): Promise<boolean> {
  const contact = await db
    .selectFrom("alert_contacts")
    .select("email")
    .where("manage_token", "=", token)
    .executeTakeFirst();
  if (!contact) return false;
  if (which === "all") {
    await db.deleteFrom("buyer_alerts").where("email", "=", contact.email).execute();
    await db.deleteFrom("alert_contacts").where("email", "=", contact.email).execute();
  } else {
    await db.deleteFrom("buyer_alerts").where("email", "=", contact.email).where("id", "=", which).execute();
  }
  return true;
}

interface LiveAlert {
  id: number;
  email: string;
  /** The WhatsApp number the buyer gave (+2348035550142), if any. */
  whatsapp: string | null;
  search: string | null;
  leave_token: string;
  manage_token: string;
  last_sent_day: string | null;
}

/** Alerts with their address's WhatsApp number and manage token, any status. */
const alertsWithContacts = (db: Db) =>
  db
    .selectFrom("buyer_alerts")
    .innerJoin("alert_contacts", "alert_contacts.email", "buyer_alerts.email")
    .select([
      "buyer_alerts.id",
      "buyer_alerts.email",
      "alert_contacts.whatsapp",
      "buyer_alerts.search",
      "buyer_alerts.leave_token",
      "alert_contacts.manage_token",
      "buyer_alerts.last_sent_day",
    ]);

/** The confirmed alerts, still on. */
const liveAlerts = (db: Db) => alertsWithContacts(db).where("buyer_alerts.status", "=", "active");

/**
 * Tells these alerts' buyers one thing about one car, by email and (numbers given, WhatsApp on) by
 * WhatsApp, queued in `db`. Returns how many emails were queued.
 */
async function tellWatchers(
  db: Db,
  watchers: LiveAlert[],
  mail: (alert: LiveAlert, links: AlertLinks, business: Business) => RenderedMail,
  chat: { what: string; see: string },
  now: Date,
): Promise<number> {
  const business = await getBusiness(db);
  const messages = watchers.map((a) =>
    alertEmail(a.email, mail(a, linksOf(a.leave_token, a.manage_token), business), a.leave_token),
  );
  const chats = await alertChats(
    db,
    watchers.map((alert) => ({ alert, ...chat })),
    now,
  );
  await enqueue(db, [...messages, ...chats], now);
  return messages.length;
}

/** One alert message for a buyer's WhatsApp: what happened, where to see it. */
interface AlertChat {
  alert: LiveAlert;
  what: string;
  see: string;
}

/**
 * The WhatsApp copies of alert messages, for the buyers who gave a number, when WhatsApp is set
 * up: each number gets at most BUYER_WHATSAPP_PER_DAY in any 24 hours (counted in the outbox, so
 * a restart does not reset it), whichever addresses gave it. Every message links to the page of
 * the address's alerts, where they stop.
 */
async function alertChats(db: Db, chats: AlertChat[], now: Date): Promise<OutboxInput[]> {
  const wanted = chats.filter((c) => c.alert.whatsapp);
  if (wanted.length === 0 || !whatsappEnabled()) return [];
  const { templates } = await getNotifications(db);
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const counts = new Map<string, number>();
  const numbers = [...new Set(wanted.map((c) => whatsappRecipient(c.alert.whatsapp ?? "")))];
  for (const part of chunks(numbers)) {
    const rows = await db
      .selectFrom("outbox")
      .select(["recipient", (eb) => eb.fn.countAll<number>().as("n")])
      .where("created_at", ">=", since)
      .where("channel", "=", "whatsapp")
      .where("topic", "=", "buyer-alert")
      .where("recipient", "in", part)
      .groupBy("recipient")
      .execute();
    for (const r of rows) counts.set(r.recipient, Number(r.n));
  }
  const out: OutboxInput[] = [];
  for (const c of wanted) {
    const to = whatsappRecipient(c.alert.whatsapp ?? "");
    const n = counts.get(to) ?? 0;
    if (n >= BUYER_WHATSAPP_PER_DAY) continue;
    counts.set(to, n + 1);
    const stop = linksOf(c.alert.leave_token, c.alert.manage_token).manage;
    out.push({
      channel: "whatsapp",
      topic: "buyer-alert",
      recipient: to,
      ...alertWhatsapp(c.what, c.see, stop, templates),
    });
  }
  return out;
}

/**
 * The confirmed search alerts each of the cars `carIds` answers now (none once it is sold), by car.
 * The number ranges are checked here; the rest is asked of the database once per distinct rest
 * (for all the cars at once), with /browse's SQL, and only when some car is in the alert's ranges.
 */
async function searchAlertsFor(db: Db, carIds: number[]): Promise<Map<number, LiveAlert[]>> {
  const out = new Map<number, LiveAlert[]>();
  if (carIds.length === 0) return out;
  const alerts = await liveAlerts(db).where("buyer_alerts.kind", "=", "search").execute();
  if (alerts.length === 0) return out;
  const cars = new Map<number, { price: number; year: number; mileage: number | null }>();
  for (const part of chunks([...new Set(carIds)])) {
    const rows = await db
      .selectFrom("cars")
      .select(["id", "price", "year", "mileage"])
      .where("id", "in", part)
      .where(sql<boolean>`cars.sold = 0`)
      .execute();
    for (const r of rows) cars.set(r.id, r);
  }
  const ids = [...cars.keys()];
  const parsed = new Map<string, { filters: CarFilters; rest: CarFilters; key: string }>();
  const answers = new Map<string, Set<number>>();
  for (const alert of alerts) {
    const search = alert.search ?? "";
    let p = parsed.get(search);
    if (!p) {
      const filters = alertFilters(search);
      const rest = withoutNumberRanges(filters);
      p = { filters, rest, key: JSON.stringify(rest) };
      parsed.set(search, p);
    }
    const inRange = ids.filter((id) => {
      const car = cars.get(id);
      return car !== undefined && inNumberRange(p.filters, car);
    });
    if (inRange.length === 0) continue;
    let yes = answers.get(p.key);
    if (!yes) {
      yes = await carsMatchingFilters(db, ids, p.rest);
      answers.set(p.key, yes);
    }
    for (const id of inRange) if (yes.has(id)) out.set(id, [...(out.get(id) ?? []), alert]);
  }
  return out;
}

/**
 * What queueCarAlerts compares with: the car's price, and the alerts and sourcing requests it
 * answered before the write.
 */
export interface CarAlertState {
  price: number;
  matched: Set<number>;
  sourcing: Set<number>;
}

/** Call before a write of cars, in its transaction: each car that is there already, by id. */
export async function carAlertStates(db: Db, carIds: number[]): Promise<Map<number, CarAlertState>> {
  const states = new Map<number, CarAlertState>();
  for (const part of chunks([...new Set(carIds)])) {
    const rows = await db.selectFrom("cars").select(["id", "price"]).where("id", "in", part).execute();
    for (const r of rows) states.set(r.id, { price: r.price, matched: new Set(), sourcing: new Set() });
  }
  for (const [id, alerts] of await searchAlertsFor(db, [...states.keys()])) {
    for (const a of alerts) states.get(id)?.matched.add(a.id);
  }
  for (const [id, state] of states) {
    for (const r of await sourcingRequestsFor(db, id)) state.sourcing.add(r.id);
  }
  return states;
}

/** Call before a car write, in its transaction; null for a car that is not there yet. */
export async function carAlertState(db: Db, carId: number): Promise<CarAlertState | null> {
  return (await carAlertStates(db, [carId])).get(carId) ?? null;
}

/** The cars as alert emails show them, by id. */
export async function alertCars(db: Db, ids: number[]): Promise<Map<number, AlertCar>> {
  const map = new Map<number, AlertCar>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom("cars")
      .select([
        "id",
        "make",
        "model",
        "year",
        "price",
        sql<string | null>`(SELECT path FROM car_images WHERE car_id = cars.id ORDER BY position, id LIMIT 1)`.as(
          "photo",
        ),
      ])
      .where("id", "in", part)
      .execute();
    for (const r of rows) {
      const photo = r.photo ? imageSrc(r.photo) : null;
      map.set(r.id, {
        name: `${r.make} ${r.model} ${r.year}`,
        price: r.price,
        url: origin() + carPath(r),
        photo: photo ? new URL(photo, origin()).href : null,
      });
    }
  }
  return map;
}

/**
 * Emails every waiting match of these alerts (one email each, listing all its waiting cars),
 * marks them sent and the alerts sent today. Returns how many emails were queued.
 */
async function sendWaiting(db: Db, alerts: LiveAlert[], now: Date, known?: Business): Promise<number> {
  if (alerts.length === 0) return 0;
  const waiting: { alert_id: number; car_id: number }[] = [];
  for (const part of chunks(alerts.map((a) => a.id))) {
    waiting.push(
      ...(await db
        .selectFrom("alert_matches")
        .select(["alert_id", "car_id"])
        .where("sent_at", "is", null)
        .where("alert_id", "in", part)
        .orderBy("created_at")
        .execute()),
    );
  }
  const cars = await alertCars(
    db,
    waiting.map((w) => w.car_id),
  );
  // A car sold while its match waited (for the sender, or for the next morning) is not offered.
  const forSale = new Set<number>();
  for (const part of chunks([...cars.keys()])) {
    const rows = await db
      .selectFrom("cars")
      .select("id")
      .where("id", "in", part)
      .where(sql<boolean>`sold = 0`)
      .execute();
    for (const r of rows) forSale.add(r.id);
  }
  const byAlert = new Map<number, AlertCar[]>();
  for (const w of waiting) {
    const car = cars.get(w.car_id);
    if (!car || !forSale.has(w.car_id)) continue;
    byAlert.set(w.alert_id, [...(byAlert.get(w.alert_id) ?? []), car]);
  }
  const business = known ?? (await getBusiness(db));
  const messages: OutboxInput[] = [];
  const chats: AlertChat[] = [];
  const sent: { id: number; n: number }[] = [];
  const layouts = new Map<string, ReturnType<typeof matchesMailsFor>>();
  for (const alert of alerts) {
    const list = byAlert.get(alert.id);
    if (!list?.length) continue;
    const key = list.map((c) => c.url).join(" ");
    const layout = layouts.get(key) ?? matchesMailsFor(list, business);
    layouts.set(key, layout);
    const links = linksOf(alert.leave_token, alert.manage_token);
    const subject: AlertSubject = { kind: "search", search: alert.search, carName: null };
    const browseUrl = `${origin()}/browse${alert.search ? `?${alert.search}` : ""}`;
    messages.push(alertEmail(alert.email, layout({ subject, links, browseUrl }), alert.leave_token));
    if (alert.whatsapp) {
      const what = alertChatText.matches(searchInWords(alert.search ?? ""), list);
      chats.push({ alert, what, see: list.length === 1 ? list[0].url : browseUrl });
    }
    sent.push({ id: alert.id, n: list.length });
  }
  messages.push(...(await alertChats(db, chats, now)));
  const at = now.toISOString();
  const day = lagosDate(now);
  for (const part of chunks(messages, 200)) await enqueue(db, part, now);
  // Every waiting match of these alerts is settled: emailed, or its car sold or gone meanwhile.
  for (const part of chunks(alerts.map((a) => a.id))) {
    await db
      .updateTable("alert_matches")
      .set({ sent_at: at })
      .where("sent_at", "is", null)
      .where("alert_id", "in", part)
      .execute();
  }
  for (const part of chunks(sent)) {
    // Most alerts get one car at a time: one statement per count.
    const byCount = new Map<number, number[]>();
    for (const s of part) byCount.set(s.n, [...(byCount.get(s.n) ?? []), s.id]);
    for (const [n, group] of byCount) {
      await db
        .updateTable("buyer_alerts")
        .set((eb) => ({ last_sent_day: day, matches_sent: eb("matches_sent", "+", n) }))
        .where("id", "in", group)
        .execute();
    }
  }
  return messages.length;
}

/**
 * What a car write causes, in its transaction (`before`: carAlertState from before the write,
 * null for a new car): each confirmed search alert the car newly answers gets a waiting match,
 * one small row, which queueDueAlerts turns into the alert's email (at once for the first match
 * of a Lagos day, else in the next morning's email); each price alert of the car is told of a
 * lower price; the staff are told of each open sourcing request it newly answers
 * (queueSourcingMatches). Every way a car is written or shows publicly calls this one function.
 * Returns how many messages and matches it queued: more than 0 means the sender has work.
 */
export function queueCarAlerts(db: Db, carId: number, before: CarAlertState | null, now = new Date()) {
  return queueCarsAlerts(db, [carId], before ? new Map([[carId, before]]) : new Map(), now);
}

/**
 * queueCarAlerts for many cars written together (a spreadsheet import): `before` holds the state
 * of the cars that were there already. An alert that several of the cars newly answer gets one
 * email listing them all; each car's sourcing requests are matched as for one car.
 */
export async function queueCarsAlerts(
  db: Db,
  carIds: number[],
  before: Map<number, CarAlertState>,
  now = new Date(),
): Promise<number> {
  let queued = 0;
  for (const carId of new Set(carIds)) {
    queued += await queueSourcingMatches(db, carId, before.get(carId)?.sourcing ?? null, now);
  }
  if (!mailEnabled() || carIds.length === 0) return queued;
  const matched = await searchAlertsFor(db, carIds);
  const told = new Set<string>();
  for (const part of chunks([...matched.keys()])) {
    const rows = await db
      .selectFrom("alert_matches")
      .select(["alert_id", "car_id"])
      .where("car_id", "in", part)
      .execute();
    for (const r of rows) told.add(`${r.alert_id}:${r.car_id}`);
  }
  const pairs: { alert_id: number; car_id: number }[] = [];
  for (const [carId, alerts] of matched) {
    for (const a of alerts) {
      if (before.get(carId)?.matched.has(a.id) || told.has(`${a.id}:${carId}`)) continue;
      pairs.push({ alert_id: a.id, car_id: carId });
    }
  }
  if (pairs.length) {
    const at = now.toISOString();
    for (const part of chunks(pairs)) {
      await db
        .insertInto("alert_matches")
        .values(part.map((p) => ({ ...p, created_at: at })))
        .execute();
    }
    queued += pairs.length;
  }
  const cars = await alertCars(db, [...before.keys()]);
  const lower = [...before.keys()].filter((id) => {
    const car = cars.get(id);
    const was = before.get(id)?.price;
    return car !== undefined && was !== undefined && car.price < was;
  });
  if (lower.length) {
    const business = await getBusiness(db);
    for (const part of chunks(lower)) {
      const watchers = await liveAlerts(db)
        .select("buyer_alerts.car_id")
        .where("buyer_alerts.kind", "=", "price")
        .where("buyer_alerts.car_id", "in", part)
        .execute();
      const messages: OutboxInput[] = [];
      const chats: AlertChat[] = [];
      for (const alert of watchers) {
        const car = alert.car_id === null ? undefined : cars.get(alert.car_id);
        const was = alert.car_id === null ? undefined : before.get(alert.car_id)?.price;
        if (!car || was === undefined) continue;
        const links = linksOf(alert.leave_token, alert.manage_token);
        messages.push(alertEmail(alert.email, priceDropMail(car, was, links, business), alert.leave_token));
        chats.push({ alert, what: alertChatText.priceDrop(car, was), see: car.url });
      }
      await enqueue(db, [...messages, ...(await alertChats(db, chats, now))], now);
      queued += messages.length;
    }
  }
  return queued;
}

/**
 * A reserved car is for sale again (its paid hold ended or was cancelled; in that transaction):
 * each confirmed "tell me if it becomes available" alert of the car gets one email (and, with a
 * number given, one WhatsApp message), and ends.
 * Returns how many emails were queued.
 */
export async function queueAvailableAlerts(db: Db, carId: number, now = new Date()): Promise<number> {
  const watchers = await liveAlerts(db)
    .where("buyer_alerts.kind", "=", "available")
    .where("buyer_alerts.car_id", "=", carId)
    .execute();
  if (watchers.length === 0) return 0;
  const car = (await alertCars(db, [carId])).get(carId);
  const sold = await db.selectFrom("cars").select("sold").where("id", "=", carId).executeTakeFirst();
  if (!car || !sold || sold.sold) return 0;
  await db
    .updateTable("buyer_alerts")
    .set({ status: "ended", ended_at: now.toISOString() })
    .where(
      "id",
      "in",
      watchers.map((w) => w.id),
    )
    .execute();
  if (!mailEnabled()) return 0;
  const chat = { what: alertChatText.available(car), see: car.url };
  return tellWatchers(db, watchers, (_, links, business) => availableAgainMail(car, links, business), chat, now);
}

/**
 * A sale marked by mistake was undone (in that transaction; `saleRecordedAt` is when the sale was
 * recorded): the alerts that sale ended are told the car is still for sale. Price alerts are on
 * again; those waiting for the car to be free end, as when a hold ends. Returns how many emails
 * were queued.
 */
export async function queueUnsoldAlerts(db: Db, carId: number, saleRecordedAt: string, now = new Date()) {
  const watchers = await alertsWithContacts(db)
    .select("buyer_alerts.kind")
    .where("buyer_alerts.car_id", "=", carId)
    .where("buyer_alerts.kind", "in", ["price", "available"])
    .where("buyer_alerts.status", "=", "ended")
    .where("buyer_alerts.ended_at", ">=", saleRecordedAt)
    .execute();
  if (watchers.length === 0) return 0;
  const resumed = watchers.filter((w) => w.kind === "price").map((w) => w.id);
  if (resumed.length) {
    await db.updateTable("buyer_alerts").set({ status: "active", ended_at: null }).where("id", "in", resumed).execute();
  }
  const car = (await alertCars(db, [carId])).get(carId);
  if (!car || !mailEnabled()) return 0;
  const resumes = new Set(resumed);
  const mail = (a: LiveAlert, links: AlertLinks, business: Business) =>
    stillForSaleMail(car, resumes.has(a.id), links, business);
  return tellWatchers(db, watchers, mail, { what: alertChatText.stillForSale(car), see: car.url }, now);
}

/**
 * A car just sold (in the sale's transaction): its price alerts, and those waiting for it to be
 * available again, get one last email with up to three similar cars, and end.
 */
export async function queueSoldAlerts(db: Db, carId: number, now = new Date()): Promise<number> {
  const watchers = await liveAlerts(db)
    .where("buyer_alerts.kind", "in", ["price", "available"])
    .where("buyer_alerts.car_id", "=", carId)
    .execute();
  if (watchers.length === 0) return 0;
  await db
    .updateTable("buyer_alerts")
    .set({ status: "ended", ended_at: now.toISOString() })
    .where(
      "id",
      "in",
      watchers.map((w) => w.id),
    )
    .execute();
  if (!mailEnabled()) return 0;
  const car = await db
    .selectFrom("cars")
    .select(["make", "model", "year", "price", "body_type"])
    .where("id", "=", carId)
    .executeTakeFirstOrThrow();
  const similarIds = await db
    .selectFrom("cars")
    .select("id")
    .where(sql<boolean>`cars.sold = 0`)
    .where("id", "<>", carId)
    .where((eb) => eb.or([eb("body_type", "=", car.body_type), eb("make", "=", car.make)]))
    .orderBy(sql`abs(price - ${car.price})`)
    .limit(3)
    .execute();
  const similar = await alertCars(
    db,
    similarIds.map((r) => r.id),
  );
  const list = similarIds.map((r) => similar.get(r.id)).filter((c): c is AlertCar => Boolean(c));
  const name = `${car.make} ${car.model} ${car.year}`;
  const chat = { what: alertChatText.sold(name, list), see: list[0]?.url ?? `${origin()}/browse` };
  return tellWatchers(db, watchers, (_, links, business) => soldMail(name, list, links, business), chat, now);
}

/** How many alerts' emails are built in one transaction, between which other requests are served. */
const SEND_CHUNK = 250;

/**
 * Writes the alert emails due at `now` into the outbox, from the matches car writes recorded: the
 * sender calls it before each batch it delivers. It runs outside the car's transaction, so a car
 * that thousands of alerts wait for costs its write one small row per alert, and the emails are
 * built a chunk of alerts at a time, with other requests served in between. An alert is due when
 * a waiting match arrived on a Lagos day it had no email yet (the first match of a day goes at
 * once), or, from 08:00, when it has waiting matches and no email today (the matches held the day
 * before, in one email). Returns how many emails were queued.
 */
export async function queueDueAlerts(now = new Date()): Promise<number> {
  if (!mailEnabled()) return 0;
  const day = digestDayAt(now);
  const due = await getDb()
    .selectFrom("alert_matches")
    .innerJoin("buyer_alerts", "buyer_alerts.id", "alert_matches.alert_id")
    .select("buyer_alerts.id")
    .distinct()
    .where("alert_matches.sent_at", "is", null)
    .where("buyer_alerts.status", "=", "active")
    .where("buyer_alerts.kind", "=", "search")
    .where((eb) =>
      eb.or([
        eb("buyer_alerts.last_sent_day", "is", null),
        eb(sql<string>`date(alert_matches.created_at, ${LAGOS_OFFSET})`, ">", eb.ref("buyer_alerts.last_sent_day")),
        ...(day ? [eb("buyer_alerts.last_sent_day", "<", day)] : []),
      ]),
    )
    .orderBy("buyer_alerts.id")
    .execute();
  if (due.length === 0) return 0;
  const business = await getBusiness();
  let queued = 0;
  for (const part of chunks(
    due.map((r) => r.id),
    SEND_CHUNK,
  )) {
    queued += await inTransaction(async (trx) =>
      sendWaiting(trx, await liveAlerts(trx).where("buyer_alerts.id", "in", part).execute(), now, business),
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
  return queued;
}

/** The Lagos day of a UTC time, in SQLite's date(): its offset modifier. */
const LAGOS_OFFSET = `+${LAGOS_UTC_OFFSET_HOURS} hours`;

/** Forgets alerts never confirmed within their 7 days, and addresses left without alerts. */
export async function forgetUnconfirmedAlerts(now = new Date()): Promise<void> {
  await inTransaction(async (trx) => {
    await trx
      .deleteFrom("buyer_alerts")
      .where("status", "=", "pending")
      .where("confirm_expires_at", "<", now.toISOString())
      .execute();
    await trx
      .deleteFrom("alert_contacts")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom("buyer_alerts").select("id").whereRef("buyer_alerts.email", "=", "alert_contacts.email")),
        ),
      )
      .execute();
  });
}

export interface AdminAlert {
  id: number;
  email: string;
  kind: "search" | "price" | "available";
  about: string;
  search: string | null;
  car_id: number | null;
  status: "pending" | "active" | "ended" | "removed";
  created_at: string;
  confirmed_at: string | null;
  matches_sent: number;
  waiting: number;
}

/** One page of alerts for the back office, newest first. */
export async function pageAlerts(page: number, pageSize: number, { clamp = true } = {}) {
  const db = getDb();
  const { n } = await db
    .selectFrom("buyer_alerts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = clamp ? Math.min(Math.max(1, page), pageCount) : Math.max(1, page);
  const rows = await db
    .selectFrom("buyer_alerts")
    .leftJoin("cars", "cars.id", "buyer_alerts.car_id")
    .select([
      "buyer_alerts.id",
      "buyer_alerts.email",
      "buyer_alerts.kind",
      "buyer_alerts.search",
      "buyer_alerts.car_id",
      "buyer_alerts.status",
      "buyer_alerts.created_at",
      "buyer_alerts.confirmed_at",
      "buyer_alerts.matches_sent",
      sql<string | null>`cars.make || ' ' || cars.model || ' ' || cars.year`.as("car_name"),
      sql<number>`(SELECT count(*) FROM alert_matches m WHERE m.alert_id = buyer_alerts.id AND m.sent_at IS NULL)`.as(
        "waiting",
      ),
    ])
    .orderBy("buyer_alerts.id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  const alerts: AdminAlert[] = rows.map(({ car_name, ...r }) => ({
    ...r,
    about:
      r.kind === "search"
        ? searchInWords(r.search ?? "")
        : `${r.kind === "price" ? "Price of" : "Available again:"} ${car_name ?? "a car no longer listed"}`,
    waiting: Number(r.waiting),
  }));
  return { alerts, total, page: current, pageCount };
}

/** How many buyers (addresses) have at least one confirmed alert. */
export async function waitingBuyers(): Promise<number> {
  const { n } = await getDb()
    .selectFrom("buyer_alerts")
    .select(sql<number>`count(DISTINCT email)`.as("n"))
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Carries the answer of a preview out of its transaction, which is rolled back. */
class PreviewDone extends Error {
  constructor(readonly buyers: number) {
    super("preview");
  }
}

/**
 * How many waiting buyers (addresses with a confirmed search alert) a car would newly reach if
 * saved as `input`: a new car (`carId` null) or car `carId` edited. The car is written in a
 * transaction that is always rolled back, so the answer is exactly what /browse's SQL would find.
 */
export async function buyersReached(input: CarInput, carId: number | null): Promise<number> {
  try {
    await inTransaction(async (trx) => {
      let id = carId;
      const before = id === null ? null : await carAlertState(trx, id);
      const columns = { ...carColumns(input), stock_number: null };
      if (id === null) {
        const at = new Date().toISOString();
        id = (
          await trx
            .insertInto("cars")
            .values({ ...columns, created_at: at, updated_at: at })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      } else await trx.updateTable("cars").set(columns).where("id", "=", id).execute();
      const carIdNow = id;
      const matched = (await searchAlertsFor(trx, [carIdNow])).get(carIdNow) ?? [];
      const told = new Set(
        (await trx.selectFrom("alert_matches").select("alert_id").where("car_id", "=", carIdNow).execute()).map(
          (r) => r.alert_id,
        ),
      );
      const fresh = matched.filter((a) => !before?.matched.has(a.id) && !told.has(a.id));
      throw new PreviewDone(new Set(fresh.map((a) => a.email.toLowerCase())).size);
    });
  } catch (e) {
    if (e instanceof PreviewDone) return e.buyers;
    throw e;
  }
  return 0;
}
