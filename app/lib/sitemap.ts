/** The sitemap protocol (sitemaps.org): a list of absolute URLs, each with when it last changed. Pure. */

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ISO-8601 timestamp. */
  lastmod?: string;
}

/** One sitemap file holds at most this many URLs (the protocol's limit). */
const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries
    .slice(0, SITEMAP_MAX_URLS)
    .map(
      (e) =>
        `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ""}</url>`,
    );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`
  );
}
