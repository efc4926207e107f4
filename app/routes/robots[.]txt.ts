import type { LoaderFunctionArgs } from "@remix-run/node";
import { textResponse } from "~/http/responses.server";
import { edge } from "~/lib/edge";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: [] } });

/**
 * /robots.txt, made per request because its Sitemap line must be an absolute URL and the site may
 * run under any host name. The back office, the API, the visitor's own saved list and
 * comparisons and the chat redirect (/go/whatsapp) stay out of search engines.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
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
