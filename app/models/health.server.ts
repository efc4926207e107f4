import { getSqlite } from "../../db/database.server";

/** Whether the database answers, and how many cars it holds (for uptime monitors). */
export function databaseHealth(): { ok: true; cars: number } | { ok: false } {
  try {
    const cars = getSqlite().prepare("select count(*) from cars").pluck().get() as number;
    return { ok: true, cars };
  } catch {
    return { ok: false };
  }
}
