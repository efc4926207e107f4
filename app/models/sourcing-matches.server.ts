import { env, siteOrigin } from "~/config/env.server";
import { inNumberRange, withoutNumberRanges } from "~/lib/alerts";
import { carPath } from "~/lib/car";
import { leadPath } from "~/lib/leads";
import type { EmailPayload } from "~/lib/outbox";
import { sourcingFilters, sourcingMatchMail } from "~/lib/sourcing";
import { getDb } from "../../db/database.server";
import { getBusiness } from "./business.server";
import { carsMatchingFilters, pageCars } from "./car.server";
import type { Db } from "./db.server";
import { getNotifications, mailEnabled } from "./notifications.server";
import { enqueue, type OutboxInput } from "./outbox.server";

/**
 * Sourcing requests matched against the stock (docs/product.md, Sourcing requests), the way
 * buyers' alerts are: a car write calls queueCarAlerts (app/models/alerts.server.ts), which calls
 * queueSourcingMatches in the same transaction. An open request (new or contacted) that the car
 * newly answers is recorded once per request and car (sourcing_matches), and the staff who receive
 * sourcing alerts get an email naming the request and the car. The request's lead page lists the
 * matching cars for sale (sourcingMatches), asked of the catalogue as /browse would.
 */

/** A request still being worked on: a won or lost one is no longer matched. */
const OPEN_STATUSES = ["new", "contacted"] as const;
/** How many matching cars a request's page lists. */
const LISTED = 12;

interface OpenRequest {
  id: number;
  name: string;
  phone: string;
  car_wanted: string;
  budget: number | null;
  search: string | null;
  created_at: string;
}

const openRequests = (db: Db) =>
  db
    .selectFrom("sourcing_requests")
    .innerJoin("leads", (join) =>
      join.onRef("leads.source_id", "=", "sourcing_requests.id").on("leads.kind", "=", "sourcing"),
    )
    .select([
      "sourcing_requests.id",
      "sourcing_requests.name",
      "sourcing_requests.phone",
      "sourcing_requests.car_wanted",
      "sourcing_requests.budget",
      "sourcing_requests.search",
      "sourcing_requests.created_at",
    ])
    .where("leads.status", "in", OPEN_STATUSES);

/**
 * The open requests car `carId` answers now (none once it is sold). The price, year and mileage
 * are checked here; the rest is asked of the database once per distinct rest, with /browse's SQL.
 */
export async function sourcingRequestsFor(db: Db, carId: number): Promise<OpenRequest[]> {
  const car = await db
    .selectFrom("cars")
    .select(["price", "year", "mileage", "sold"])
    .where("id", "=", carId)
    .executeTakeFirst();
  if (!car || car.sold) return [];
  const answers = new Map<string, boolean>();
  const out: OpenRequest[] = [];
  for (const request of await openRequests(db).execute()) {
    const filters = sourcingFilters(request);
    if (!inNumberRange(filters, car)) continue;
    const rest = withoutNumberRanges(filters);
    const key = JSON.stringify(rest);
    const yes = answers.get(key) ?? (await carsMatchingFilters(db, [carId], rest)).has(carId);
    answers.set(key, yes);
    if (yes) out.push(request);
  }
  return out;
}

/**
 * What a car write causes for sourcing requests, in its transaction (`before`: the requests the
 * car answered before the write, null for a new car): each open request it newly answers is
 * recorded, and each staff recipient of sourcing alerts gets one email per request. Returns how
 * many emails were queued.
 */
export async function queueSourcingMatches(
  db: Db,
  carId: number,
  before: ReadonlySet<number> | null,
  now = new Date(),
): Promise<number> {
  const matched = await sourcingRequestsFor(db, carId);
  if (matched.length === 0) return 0;
  const known = new Set(
    (await db.selectFrom("sourcing_matches").select("sourcing_id").where("car_id", "=", carId).execute()).map(
      (r) => r.sourcing_id,
    ),
  );
  const fresh = matched.filter((r) => !before?.has(r.id) && !known.has(r.id));
  if (fresh.length === 0) return 0;
  const at = now.toISOString();
  await db
    .insertInto("sourcing_matches")
    .values(fresh.map((r) => ({ sourcing_id: r.id, car_id: carId, created_at: at })))
    .execute();
  if (!mailEnabled()) return 0;
  const staff = (await getNotifications(db)).recipients.filter((r) => r.kinds.includes("sourcing"));
  if (staff.length === 0) return 0;
  const car = await db
    .selectFrom("cars")
    .select(["id", "make", "model", "year", "price", "stock_number"])
    .where("id", "=", carId)
    .executeTakeFirstOrThrow();
  const business = await getBusiness(db);
  const origin = siteOrigin(env());
  const messages: OutboxInput[] = fresh.flatMap((request) => {
    const mail = sourcingMatchMail(
      {
        request,
        car: {
          name: `${car.make} ${car.model} ${car.year}`,
          price: car.price,
          stock_number: car.stock_number,
          url: origin + carPath(car),
        },
        leadUrl: origin + leadPath("sourcing", request.id),
      },
      business,
    );
    const payload: EmailPayload = { text: mail.text, html: mail.html, replyTo: null, attachments: [] };
    return staff.map((s) => ({
      channel: "email" as const,
      topic: "staff-alert" as const,
      lead_kind: "sourcing" as const,
      lead_id: request.id,
      recipient: s.email,
      subject: mail.subject,
      payload: JSON.stringify(payload),
    }));
  });
  await enqueue(db, messages, now);
  return messages.length;
}

/** A car for sale that answers a request, as its lead page lists it. */
export interface SourcingMatch {
  id: number;
  name: string;
  price: number;
  stock_number: string | null;
  /** The car's public page. */
  path: string;
}

/** The cars for sale that answer sourcing request `id` now, newest first (at most LISTED). */
export async function sourcingMatches(id: number): Promise<SourcingMatch[]> {
  const request = await getDb()
    .selectFrom("sourcing_requests")
    .select(["car_wanted", "budget", "search"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!request) return [];
  const { cars } = await pageCars(sourcingFilters(request), 1, LISTED);
  return cars.map((c) => ({
    id: c.id,
    name: `${c.make} ${c.model} ${c.year}`,
    price: c.price,
    stock_number: c.stock_number,
    path: carPath(c),
  }));
}
