import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type express from "express";
import { type EdgePolicy, edgePolicyOf } from "../app/lib/edge";
import { fetchUrl } from "./fetch-bridge";

/**
 * The server learns each route's edge policy (caching, body budget, lead budget: app/lib/edge.ts)
 * from the Remix build itself: the route modules' `handle` exports, matched to request paths with
 * the same matcher Remix uses. So the routes are the one list; the server names no page paths.
 */

export interface MatchedRoute {
  /** The route module's id (e.g. "routes/browse"), or null when no route answers the path. */
  id: string | null;
  policy: EdgePolicy;
}

type Tree = AgnosticRouteObject & { id: string };

function routeTree(build: ServerBuild): Tree[] {
  const childrenOf = (parentId: string | undefined): Tree[] =>
    Object.values(build.routes)
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
      );
  return childrenOf(undefined);
}

/** A client navigation's data request (`/about.data`, `/_root.data` for the home page) is its page's. */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * Per build: its route tree, and the answers for paths already matched. The router ranks every
 * route again at each call (a noticeable share of a cold render), and most requests ask for a
 * path seen before; the answers are forgotten all at once past MATCHED_PATHS (addresses sprayed
 * by a scanner cannot grow it).
 */
const tables = new WeakMap<ServerBuild, { tree: Tree[]; matched: Map<string, MatchedRoute> }>();
const MATCHED_PATHS = 5000;

/** The route that answers a path (the deepest match) and its declared policy. */
export function matchRoute(build: ServerBuild, pathname: string): MatchedRoute {
  let table = tables.get(build);
  if (!table) {
    table = { tree: routeTree(build), matched: new Map() };
    tables.set(build, table);
  }
  const known = table.matched.get(pathname);
  if (known) return known;
  const matches = matchRoutes(table.tree, pagePath(pathname));
  const leaf = matches?.[matches.length - 1];
  // Only the root layout: no route answers (a 404 page).
  const found: MatchedRoute =
    !leaf || leaf.route.id === "root"
      ? { id: null, policy: {} }
      : { id: leaf.route.id, policy: edgePolicyOf(build.routes[leaf.route.id]?.module.handle) };
  if (table.matched.size >= MATCHED_PATHS) table.matched.clear();
  table.matched.set(pathname, found);
  return found;
}

declare module "express-serve-static-core" {
  interface Request {
    /** The route that answers this request and what it declared (set before any limit runs). */
    edge?: MatchedRoute;
  }
}

/**
 * Matches every request to its route once, for the limits and the page cache after it: the path
 * of the very URL Remix will get (server/fetch-bridge.ts), so a limit always belongs to the route
 * that runs.
 */
export function routePolicies(build: () => ServerBuild): express.RequestHandler {
  return (req, _res, next) => {
    req.edge = matchRoute(build(), fetchUrl(req).pathname);
    next();
  };
}
