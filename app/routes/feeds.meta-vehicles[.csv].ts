import type { LoaderFunctionArgs } from "@remix-run/node";
import { env, siteOrigin } from "~/config/env.server";
import { META_FEED_HEADER, metaFeedRow } from "~/lib/catalogue-feeds";
import { csvStream } from "~/lib/csv";
import { getBusiness } from "~/models/business.server";
import { catalogVersion } from "~/models/catalog-version.server";
import { feedCarBatches } from "~/models/catalogue-feed.server";

/**
 * GET /feeds/meta-vehicles.csv: every unsold car with a photo in Meta's vehicle catalogue format,
 * for a Facebook, Instagram or WhatsApp Business catalogue's scheduled feed (docs/product.md,
 * Catalogue feeds). 404 while the owner has it off in the settings. Streamed from the database
 * a batch at a time, so it reflects the stock at the moment it is asked; its ETag is the catalogue
 * version (every car, photo and settings write moves it), so a fetch that finds nothing changed is
 * a 304 without reading a car.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const etag = `W/"catalogue-${catalogVersion()}"`;
  const business = await getBusiness();
  if (!business.catalogueFeed) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
    });
  }
  const headers = { ETag: etag, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" };
  if (
    request.headers
      .get("If-None-Match")
      ?.split(",")
      .some((t) => t.trim() === etag)
  ) {
    return new Response(null, { status: 304, headers });
  }
  const origin = siteOrigin(env());
  return new Response(
    csvStream(META_FEED_HEADER, feedCarBatches(), (car) => metaFeedRow(car, origin, business), { bom: false }),
    {
      headers: {
        ...headers,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'inline; filename="meta-vehicles.csv"',
      },
    },
  );
}
