/**
 * What a public page runs in the browser. By default a page is hydrated: React and Remix take
 * over the server's HTML. A route whose `handle` carries STATIC_PAGE ships no React at all: the
 * server's HTML is the page, and the small plain modules of app/browser/ (one script) add what
 * JavaScript adds there (docs/architecture.md, "What the browser runs, and when").
 *
 *   export const handle = { ...edge({ shared: { query: ["page"] } }), ...STATIC_PAGE };
 */
export const STATIC_PAGE = { hydrate: false } as const;

/** Whether a route's handle asks for React in the browser (anything but STATIC_PAGE does). */
export function hydrates(handle: unknown): boolean {
  return (handle as { hydrate?: unknown } | undefined)?.hydrate !== false;
}
