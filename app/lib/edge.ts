/**
 * What a route tells the server in front of Remix (server/route-policies.ts reads it from the
 * build and matches each request path to its route). A route declares it through its `handle`:
 *
 *   export const handle = edge({ shared: { query: ["page"] }, leads: "form" });
 *
 * A route that declares nothing gets the safe defaults: never kept by the page cache, bodies up
 * to the form budget, writes on the general write budget.
 */
export interface EdgePolicy {
  /**
   * Its GET answer is the same for every visitor, so the page cache may keep it. `query` names
   * every query parameter the loader or the page reads: a request with any other parameter is
   * answered but not stored. A render that still reads personal state (a cookie, a bearer token)
   * is never stored whatever the route says.
   */
  shared?: { query: readonly string[] };
  /** Methods whose body may carry car photos (multipart, the upload byte budget and time limit). */
  uploads?: readonly string[];
  /**
   * Its POSTs are buyers' leads, counted on the per-address lead budget: "form" (a page form,
   * re-rendered with 'Please wait N seconds' when over it) or "api" (a JSON API, answered 429).
   */
  leads?: "form" | "api";
}

export interface EdgeHandle {
  edge: EdgePolicy;
}

/** A route's `handle` carrying its edge policy. */
export function edge(policy: EdgePolicy): EdgeHandle {
  return { edge: policy };
}

/** The policy in a route module's `handle`, or none. */
export function edgePolicyOf(handle: unknown): EdgePolicy {
  const policy = (handle as Partial<EdgeHandle> | undefined)?.edge;
  return policy && typeof policy === "object" ? policy : {};
}
