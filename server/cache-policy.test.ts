import { describe, expect, it } from "vitest";
import type { EdgePolicy } from "~/lib/edge";
import { cacheKey, isStorable, withoutTrackingParams } from "./cache-policy";

const SHARED: EdgePolicy = { shared: { query: ["page", "q"] } };
const key = (url: string, headers: Record<string, string> = {}, method = "GET", policy = SHARED) =>
  cacheKey({ method, url: new URL(url), headers: new Headers(headers), policy }, "shop.ng");

describe("cacheKey", () => {
  it("takes anonymous GETs and HEADs of a route declared shared, keyed by path and query", () => {
    expect(key("http://shop.ng/browse?q=a%20b")).toBe("/browse?q=a+b");
    expect(key("http://shop.ng/browse?")).toBe("/browse");
    expect(key("http://shop.ng/browse", {}, "HEAD")).toBe(key("http://shop.ng/browse"));
    expect(key("http://shop.ng/browse.data?_routes=routes%2Fbrowse")).toBe("/browse.data?_routes=routes%2Fbrowse");
  });

  it("never takes writes, routes not declared shared, bearer calls or other hosts", () => {
    expect(key("http://shop.ng/", {}, "POST")).toBeNull();
    expect(key("http://shop.ng/saved", {}, "GET", {})).toBeNull();
    expect(key("http://shop.ng/saved", {}, "GET", { leads: "form" })).toBeNull();
    expect(key("http://shop.ng/api/cars", { authorization: "Bearer x" })).toBeNull();
    expect(key("http://evil.example/browse")).toBeNull();
    expect(key("http://shop.ng:8080/browse")).toBeNull();
  });

  it("never takes a query parameter the route does not read, nor an address over 2 KB", () => {
    expect(key("http://shop.ng/browse?page=2&sort=x")).toBeNull();
    expect(key("http://shop.ng/browse?_routes=x")).toBeNull();
    expect(key(`http://shop.ng/browse?q=${"a".repeat(2100)}`)).toBeNull();
    expect(key(`http://shop.ng/browse?q=${"a".repeat(1900)}`)).not.toBeNull();
  });

  it("leaves a shared link's tracking parameters out of the key, whatever their value", () => {
    expect(key("http://shop.ng/browse?page=2&utm_source=whatsapp")).toBe("/browse?page=2");
    expect(key("http://shop.ng/browse?utm_source=copy&utm_medium=x&fbclid=IwAR0&page=2")).toBe("/browse?page=2");
    expect(key("http://shop.ng/browse?utm_source=share")).toBe("/browse");
    expect(withoutTrackingParams("http://shop.ng/cars/1?photo=2&utm_source=share&gclid=9")).toBe(
      "http://shop.ng/cars/1?photo=2",
    );
    const plain = "http://shop.ng/cars/1?photo=2&q=a%20b";
    expect(withoutTrackingParams(plain)).toBe(plain);
  });

  it("never takes a request holding a cookie the site reads, however it is spelled", () => {
    for (const cookie of [
      "newsletter=abc",
      "theme=dark; newsletter=abc",
      "x=newsletter=; newsletter =abc",
      "\tsaved_cars\t=1,2",
      "saved_cars=1; saved_cars=2",
      "saved%5Fcars=1",
      "SAVED_CARS=1",
      "Application_Submitted=1",
      "__admin_session=x",
    ]) {
      expect(key("http://shop.ng/", { cookie }), cookie).toBeNull();
    }
    expect(key("http://shop.ng/", { cookie: "theme=dark; xnewsletter=1; a=newsletter=" })).toBe("/");
  });
});

describe("isStorable", () => {
  const res = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) });
  it("keeps only 200 HTML, JSON, data, XML or text answers without cookies or a private Cache-Control", () => {
    expect(isStorable(res(200, { "content-type": "text/html; charset=utf-8" }))).toBe(true);
    expect(isStorable(res(200, { "content-type": "application/json" }))).toBe(true);
    expect(isStorable(res(200, { "content-type": "text/x-script" }))).toBe(true);
    expect(isStorable(res(404, { "content-type": "text/html" }))).toBe(false);
    expect(isStorable(res(500, { "content-type": "text/html" }))).toBe(false);
    expect(isStorable(res(302, { location: "/browse" }))).toBe(false);
    expect(isStorable(res(200, { "content-type": "text/html", "set-cookie": "a=1" }))).toBe(false);
    expect(isStorable(res(200, { "content-type": "text/html", "cache-control": "private, no-store" }))).toBe(false);
    expect(isStorable(res(200, { "content-type": "text/csv" }))).toBe(false);
    // The sitemap and robots.txt.
    expect(isStorable(res(200, { "content-type": "application/xml; charset=utf-8" }))).toBe(true);
    expect(isStorable(res(200, { "content-type": "text/plain; charset=utf-8" }))).toBe(true);
  });
});
