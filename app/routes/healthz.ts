import { siteHealth } from "~/models/health.server";

/** For uptime monitors and load balancers: 200 when the site can work, 503 with the reasons when not. */
export function loader() {
  const health = siteHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
