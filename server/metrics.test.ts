import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { routePattern, staticLabel } from "./metrics";
import { matchRoute } from "./route-policies";

/** The shape of a Remix build's route table, for a few of the site's routes. */
function build(
  routes: { id: string; parentId?: string; path?: string; index?: boolean }[],
): Pick<ServerBuild, "routes"> {
  return {
    routes: Object.fromEntries(routes.map((r) => [r.id, { ...r, module: {} }])) as unknown as ServerBuild["routes"],
  };
}

const site = build([
  { id: "root", path: "" },
  { id: "routes/_index", parentId: "root", index: true },
  { id: "routes/browse", parentId: "root", path: "browse" },
  { id: "routes/cars.$id", parentId: "root", path: "cars/:id" },
  { id: "routes/admin", parentId: "root", path: "admin" },
  { id: "routes/admin._index", parentId: "routes/admin", index: true },
  { id: "routes/admin.leads.$kind.$id", parentId: "routes/admin", path: "leads/:kind/:id" },
  { id: "routes/admin.$", parentId: "routes/admin", path: "*" },
  { id: "routes/sitemap[.]xml", parentId: "root", path: "sitemap.xml" },
]);

describe("route patterns for metrics", () => {
  /** The pattern a request to `pathname` is counted under, as the server works it out. */
  const label = (pathname: string) => {
    const { id } = matchRoute(site as ServerBuild, pathname);
    return id ? routePattern(site, id) : "unmatched";
  };

  it("names a request by the route it reaches, never by its ids", () => {
    expect(label("/")).toBe("/");
    expect(label("/browse")).toBe("/browse");
    expect(label("/cars/42-toyota-camry-2018")).toBe("/cars/:id");
    expect(label("/cars/43")).toBe("/cars/:id");
    expect(label("/admin")).toBe("/admin");
    expect(label("/admin/leads/loan/7")).toBe("/admin/leads/:kind/:id");
    expect(label("/admin/anything/else")).toBe("/admin/*");
    expect(label("/sitemap.xml")).toBe("/sitemap.xml");
  });

  it("gives data requests their page's pattern, and unknown addresses one label", () => {
    expect(label("/cars/42-toyota.data")).toBe("/cars/:id");
    expect(label("/_root.data")).toBe("/");
    expect(label("/no-such-page")).toBe("unmatched");
    expect(label("/wp-login.php")).toBe("unmatched");
  });

  it("groups what Express serves before Remix", () => {
    expect(staticLabel("/build/entry.client-ABC.js", 200)).toBe("/build/*");
    expect(staticLabel("/uploads/x/large.webp", 200)).toBe("/uploads/*");
    expect(staticLabel("/images/hero-1.webp", 200)).toBe("static");
    expect(staticLabel("/images/none.webp", 404)).toBe("unmatched");
    expect(staticLabel("/metrics", 403)).toBe("/metrics");
  });
});

describe("matching a path to its route", () => {
  it("answers a path seen before from memory, the same answer, and stays bounded", () => {
    const first = matchRoute(site as ServerBuild, "/cars/42-toyota-camry-2018");
    expect(first.id).toBe("routes/cars.$id");
    expect(matchRoute(site as ServerBuild, "/cars/42-toyota-camry-2018")).toBe(first);
    // Thousands of other addresses (a scanner) later, every answer is still right.
    for (let i = 0; i < 6000; i++) matchRoute(site as ServerBuild, `/no-such-page-${i}`);
    expect(matchRoute(site as ServerBuild, "/cars/42-toyota-camry-2018")).toEqual(first);
    expect(matchRoute(site as ServerBuild, "/no-such-page-1").id).toBeNull();
    expect(matchRoute(site as ServerBuild, "/admin/leads/loan/7").id).toBe("routes/admin.leads.$kind.$id");
  });
});
