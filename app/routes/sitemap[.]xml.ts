import type { LoaderFunctionArgs } from "@remix-run/node";
import { xmlResponse } from "~/http/responses.server";
import { carPath } from "~/lib/car";
import { absoluteUrl } from "~/lib/car-seo";
import { edge } from "~/lib/edge";
import { type SitemapEntry, sitemapXml } from "~/lib/sitemap";
import { sitemapCars } from "~/models/car.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: [] } });

/** The public pages a search engine should know; the lists among them change when the stock does. */
const PAGES = ["/", "/browse", "/financing", "/about", "/book-inspection", "/connect"];
const LISTS = new Set(["/", "/browse", "/financing"]);

/**
 * /sitemap.xml: the public pages and every unsold car at its canonical URL, with the time it last
 * changed. One indexed statement whatever the stock; the page cache keeps the answer until the
 * next change to the catalogue. URLs are absolute on the request's origin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const cars = await sitemapCars();
  const newest = cars.reduce<string | undefined>((a, c) => (a && a > c.updated_at ? a : c.updated_at), undefined);
  const entries: SitemapEntry[] = [
    ...PAGES.map((path) => ({ loc: absoluteUrl(origin, path), lastmod: LISTS.has(path) ? newest : undefined })),
    ...cars.map((car) => ({ loc: absoluteUrl(origin, carPath(car)), lastmod: car.updated_at })),
  ];
  return xmlResponse(sitemapXml(entries));
}
