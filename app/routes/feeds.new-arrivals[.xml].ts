import { env, siteOrigin } from "~/config/env.server";
import { newArrivalsRss, RSS_FEED_SIZE } from "~/lib/catalogue-feeds";
import { edge } from "~/lib/edge";
import { getBusiness } from "~/models/business.server";
import { newArrivals } from "~/models/catalogue-feed.server";

/** Edge policy (app/lib/edge.ts): the same for everyone, kept by the page cache until the catalogue changes. */
export const handle = edge({ shared: { query: [] } });

/**
 * GET /feeds/new-arrivals.xml: RSS 2.0 of the 30 newest unsold cars with a photo. One indexed
 * statement; the page cache keeps the answer until the next write to the catalogue.
 */
export async function loader() {
  const xml = newArrivalsRss(await newArrivals(RSS_FEED_SIZE), siteOrigin(env()), await getBusiness());
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
