// The server learns caching, body and lead budgets from the routes (app/lib/edge.ts): check what
// the production build declares, and that no path the server names is left without a route.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { matchRoute } from "../../server/route-policies";

let build: ServerBuild;
beforeAll(async () => {
  const file = path.resolve(process.env.BUILD_DIR ?? "build", "index.js");
  build = await import(pathToFileURL(file).href);
});

/** What the server answers itself, not through a route: static folders and the metrics endpoint. */
const SERVER_PATHS = ["/build", "/build/", "/uploads", "/uploads/", "/metrics"];

function serverSources(): string[] {
  const files = ["server.ts", ...fs.readdirSync("server").map((f) => path.join("server", f))];
  return files.filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
}

describe("paths named in the server", () => {
  it("each match a route (a prefix like /api/ at least one), or are a static folder", () => {
    const named = new Set<string>();
    for (const file of serverSources()) {
      for (const m of fs.readFileSync(file, "utf8").matchAll(/["'`](\/[\w\-./]+)["'`]/g)) named.add(m[1]);
    }
    expect(named.size).toBeGreaterThan(0);
    const routePaths = Object.values(build.routes).map((r) => r.path ?? "");
    for (const p of named) {
      if (SERVER_PATHS.includes(p)) {
      } else if (p.endsWith("/")) {
        expect(
          routePaths.some((r) => `/${r}`.startsWith(p)),
          `${p} prefixes no route`,
        ).toBe(true);
      } else {
        expect(matchRoute(build, p).id, `${p} matches no route`).not.toBeNull();
      }
    }
  });
});

describe("what the routes declare", () => {
  const policy = (p: string) => matchRoute(build, p).policy;

  it("public pages, their data requests and the public list APIs are shared; nothing personal is", () => {
    for (const p of [
      "/",
      "/_root.data",
      "/about",
      "/browse",
      "/browse.data",
      "/cars/12-toyota-camry-2019",
      "/financing",
      "/financing/12",
      "/book-inspection",
      "/connect",
      "/compare",
      "/sitemap.xml",
      "/robots.txt",
      "/api/cars",
      "/api/cars/all",
      "/api/cars/recent",
      "/api/cars/financing",
      "/api/cars/12",
    ]) {
      expect(policy(p).shared, p).toBeDefined();
    }
    // Pages opened from a buyer's email link, and the reservation pages, are one buyer's own.
    const tokens = ["/alerts/confirm/t", "/alerts/manage/t", "/alerts/leave/t", "/api/alerts/leave/t"];
    tokens.push("/newsletter/confirm/t", "/newsletter/leave/t", "/api/newsletter/leave/t");
    tokens.push("/reservations", "/reservations/callback", "/api/reservations", "/api/alerts", "/alerts");
    for (const p of [
      "/saved",
      "/loan-application",
      "/admin",
      "/admin/login",
      "/go/whatsapp",
      "/healthz",
      "/nope",
      ...tokens,
    ]) {
      expect(policy(p).shared, p).toBeUndefined();
    }
  });

  it("only the car add/edit pages and the car API writes take photos", () => {
    expect(policy("/api/cars").uploads).toEqual(["POST"]);
    expect(policy("/api/cars/12").uploads).toEqual(["PUT"]);
    expect(policy("/admin/add-car").uploads).toEqual(["POST"]);
    expect(policy("/admin/add-car.data").uploads).toEqual(["POST"]);
    expect(policy("/admin/edit-car/12").uploads).toEqual(["POST"]);
    for (const p of ["/api/newsletter", "/connect", "/admin/login", "/api/cars/mark-sold", "/api/cars/12/x"]) {
      expect(policy(p).uploads, p).toBeUndefined();
    }
  });

  it("the lead forms and the JSON lead APIs are on the lead budget", () => {
    for (const p of ["/", "/_root.data", "/book-inspection", "/connect.data", "/loan-application", "/financing/3"]) {
      expect(policy(p).leads, p).toBe("form");
    }
    for (const p of ["/api/contact", "/api/inspections", "/api/newsletter", "/api/loan-applications"]) {
      expect(policy(p).leads, p).toBe("api");
    }
    expect(policy("/api/client-info").leads).toBe("api");
    expect(policy("/admin/login").leads).toBeUndefined();
  });
});
