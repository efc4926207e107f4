import { databaseHealth } from "~/models/health.server";

/** Liveness and database check for load balancers and uptime monitors. */
export function loader() {
  const health = databaseHealth();
  if (!health.ok) return Response.json({ ok: false, error: "Database unavailable" }, { status: 503 });
  return Response.json(health, { headers: { "Cache-Control": "no-store" } });
}
