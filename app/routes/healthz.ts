import { getSqlite } from "../../db/database.server";

/** Liveness and database check for load balancers and uptime monitors. */
export function loader() {
  try {
    const row = getSqlite().prepare("select count(*) as cars from cars").get() as { cars: number };
    return Response.json({ ok: true, cars: row.cars }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ ok: false, error: "Database unavailable" }, { status: 503 });
  }
}
