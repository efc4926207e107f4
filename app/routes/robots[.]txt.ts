import type { LoaderFunctionArgs } from "@remix-run/node";
import { textResponse } from "~/http/responses.server";

/**
 * /robots.txt, made per request because its Sitemap line must be an absolute URL and the site may
 * run under any host name. The back office, the API and the visitor's own saved list and
 * comparisons stay out of search engines.
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
      "Allow: /",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n"),
  );
}
