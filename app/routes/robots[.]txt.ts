import { env, siteOrigin } from "~/config/env.server";
import { textResponse } from "~/http/responses.server";
import { edge } from "~/lib/edge";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: [] } });

/**
 * /robots.txt; its Sitemap line is an absolute URL on the site's public origin (SITE_URL). The
 * back office, the API, the visitor's own saved list and comparisons and the chat redirect
 * (/go/whatsapp) stay out of search engines.
 */
export async function loader() {
  const origin = siteOrigin(env());
  return textResponse(
    [
      "User-agent: *",
      "Disallow: /admin",
      "Disallow: /api/",
      "Disallow: /saved",
      "Disallow: /compare",
      "Disallow: /go/", // the WhatsApp chat redirect: nothing to index, and a crawl is not a buyer
      "Allow: /",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n"),
  );
}
