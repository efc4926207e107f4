import type { LoaderFunctionArgs } from "@remix-run/node";
import { listResponse, parsePaging } from "~/http/responses.server";
import { toPublicCar } from "~/lib/car";
import { edge } from "~/lib/edge";
import { pageCars } from "~/models/car.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: ["page", "limit"] } });

/** GET /api/cars/recent: the newest unsold cars first, a page at a time (`page`, `limit`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const paging = parsePaging(new URL(request.url).searchParams);
  const { cars, total } = await pageCars({}, paging.page, paging.limit, { clamp: false });
  return listResponse(request, cars.map(toPublicCar), { ...paging, total });
}
