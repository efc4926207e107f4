/**
 * Remix lists every JavaScript module of a page as `<link rel="modulepreload">`, which Chrome
 * fetches at high priority, ahead of the page's photos, and (in its first, "tight" phase) holds
 * low-priority requests back until they are in. Every page here works without JavaScript, so on a
 * slow mobile link the photos and text should come first and the scripts that enhance them next:
 * the preloads are marked `fetchpriority="low"`. React ignores an extra attribute on hydration,
 * so the markup React renders on the client still matches.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g;

export function lowPriorityModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}
