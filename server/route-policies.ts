import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type express from "express";
import { type EdgePolicy, edgePolicyOf } from "../app/lib/edge";

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

const tables = new WeakMap<ServerBuild, Tree[]>();

/** The route that answers a path (the deepest match) and its declared policy. */
export function matchRoute(build: ServerBuild, pathname: string): MatchedRoute {
  let tree = tables.get(build);
  if (!tree) {
    tree = routeTree(build);
    tables.set(build, tree);
  }
  const matches = matchRoutes(tree, pagePath(pathname));
  const leaf = matches?.[matches.length - 1];
  // Only the root layout: no route answers (a 404 page).
  if (!leaf || leaf.route.id === "root") return { id: null, policy: {} };
  return { id: leaf.route.id, policy: edgePolicyOf(build.routes[leaf.route.id]?.module.handle) };
}

declare module "express-serve-static-core" {
  interface Request {
    /** The route that answers this request and what it declared (set before any limit runs). */
    edge?: MatchedRoute;
  }
}

/** Matches every request to its route once, for the limits and the page cache after it. */
export function routePolicies(build: () => ServerBuild): express.RequestHandler {
  return (req, _res, next) => {
    req.edge = matchRoute(build(), req.path);
    next();
  };
}
