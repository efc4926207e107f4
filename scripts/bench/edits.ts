// An admin saving one car once a second through the public API, and checking right after each
// save that the car's page and its API answer already show the new price.
import { carPath } from "../../app/lib/car";
import { decoded, get } from "./http";

const READ_HEADERS = { "accept-encoding": "gzip, br" };

type CarJson = Record<string, unknown> & {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  images: string[];
};

/** A car page's canonical path (/cars/<id>-<slug>: the bare id answers 301), read from the API. */
export async function carPagePath(base: string, id: number): Promise<string> {
  const res = await fetch(`${base}/api/cars/${id}`);
  if (!res.ok) throw new Error(`GET /api/cars/${id} answered ${res.status}`);
  return carPath((await res.json()) as CarJson);
}

/** Does the page show this price, however it is grouped ("₦12,345,001", "12 345 001", 12345001)? */
export function showsPrice(html: string, price: number): boolean {
  const pattern = String(price).split("").join("[,.\\s\\u00a0\\u202f]?");
  return new RegExp(`(?<![\\d])${pattern}(?![\\d])`).test(html);
}

/** The multipart body of PUT /api/cars/{id}: every car field as text, the images it keeps. */
export function carForm(car: CarJson, price: number): FormData {
  const form = new FormData();
  const fields = [
    "make",
    "model",
    "year",
    "condition",
    "engine_capacity",
    "engine_size",
    "custom_paper",
    "body_type",
    "drive_train",
    "transmission",
    "fuel_type",
    "color",
    "mileage",
    "location",
    "car_history",
    "other_info",
    "car_description",
    "vin",
  ];
  for (const name of fields) {
    const v = car[name];
    form.append(name, v === null || v === undefined ? "" : String(v));
  }
  form.append("price", String(price));
  form.append("financing", car.financing ? "Yes" : "No");
  form.append("registration", car.registration ? "Yes" : "No");
  form.append("keyfeatures", JSON.stringify(car.keyfeatures ?? []));
  form.append("existingImages", JSON.stringify(car.images));
  return form;
}

export interface EditorStats {
  saves: number;
  saveFailures: number;
  saveMs: number[];
  reads: number;
  /** Reads that failed or were not 200 (not counted as stale). */
  readFailures: number;
  /** Reads that answered 200 without the price just saved. */
  stale: number;
  firstProblem?: string;
}

/** Logs in as the admin; returns the bearer token. */
export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: string; error?: string };
  if (!res.ok || !body.token) throw new Error(`Admin login failed (${res.status}): ${body.error ?? "no token"}`);
  return body.token;
}

/** Saves car `id` with a new price once a second until `until()` says stop. */
export async function runEditor(base: string, token: string, id: number, until: () => boolean): Promise<EditorStats> {
  const stats: EditorStats = { saves: 0, saveFailures: 0, saveMs: [], reads: 0, readFailures: 0, stale: 0 };
  const res = await fetch(`${base}/api/cars/${id}`);
  if (!res.ok) throw new Error(`GET /api/cars/${id} answered ${res.status}`);
  const car = (await res.json()) as CarJson;
  const problem = (text: string) => {
    stats.firstProblem ??= text;
  };
  for (let n = 0; !until(); n++) {
    const tick = performance.now();
    // Demo prices are multiples of 50,000: base + 1 + n is new on every save and on no other car.
    const price = car.price + 1 + n;
    const started = performance.now();
    const put = await fetch(`${base}/api/cars/${id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: carForm(car, price),
    }).catch((e: Error) => e);
    stats.saveMs.push(performance.now() - started);
    if (put instanceof Error || !put.ok) {
      stats.saveFailures++;
      problem(
        put instanceof Error
          ? `save: ${put.message}`
          : `save answered ${put.status}: ${(await put.text()).slice(0, 200)}`,
      );
    } else {
      await put.arrayBuffer();
      stats.saves++;
      // Read as the load does (and browsers do): a cache may keep one copy per encoding.
      const page = await get(`${base}${carPath(car)}`, { headers: READ_HEADERS }).catch((e: Error) => e);
      stats.reads++;
      if (page instanceof Error || page.status !== 200) {
        stats.readFailures++;
        problem(
          `${carPath(car)} after save ${n + 1}: ${page instanceof Error ? page.message : `status ${page.status}`}`,
        );
      } else if (!showsPrice(decoded(page).toString("utf8"), price)) {
        stats.stale++;
        problem(`${carPath(car)} after save ${n + 1}: the page does not show the new price ${price}`);
      }
      const api = await get(`${base}/api/cars/${id}`, { headers: READ_HEADERS }).catch((e: Error) => e);
      stats.reads++;
      if (api instanceof Error || api.status !== 200) {
        stats.readFailures++;
        problem(`/api/cars/${id} after save ${n + 1}: ${api instanceof Error ? api.message : `status ${api.status}`}`);
      } else {
        const seen = (JSON.parse(decoded(api).toString("utf8")) as CarJson).price;
        if (seen !== price) {
          stats.stale++;
          problem(`/api/cars/${id} after save ${n + 1}: price ${seen} instead of ${price}`);
        }
      }
    }
    const wait = 1000 - (performance.now() - tick);
    if (wait > 0 && !until()) await new Promise((r) => setTimeout(r, wait));
  }
  return stats;
}
