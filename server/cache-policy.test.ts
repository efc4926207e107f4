import { describe, expect, it } from "vitest";
import { cacheKey, isStorable } from "./cache-policy";

const PERSONAL = ["__admin_session", "newsletter", "application_submitted", "saved_cars"];
const key = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  cacheKey({ method, url: new URL(url), headers: new Headers(headers) }, PERSONAL);

describe("cacheKey", () => {
  it("takes anonymous GETs and HEADs of public pages, their data requests and the public list APIs", () => {
    for (const path of [
      "/",
      "/about",
      "/browse?body_type=SUV&page=2",
      "/cars/12",
      "/financing",
      "/financing/12?percent=50",
      "/book-inspection?make=Toyota",
      "/connect",
      "/api/cars?q=toyota",
      "/api/cars/all",
      "/api/cars/recent",
      "/api/cars/financing",
      "/api/cars/12",
      "/browse.data",
      "/_root.data",
      "/cars/12.data",
      "/cars/12-toyota-camry-2019",
      "/compare?ids=1,2,3",
      "/compare.data?ids=1,2",
      "/sitemap.xml",
      "/robots.txt",
    ]) {
      expect(key(`http://shop.ng${path}`), path).not.toBeNull();
    }
    expect(key("http://shop.ng/browse", {}, "HEAD")).toBe(key("http://shop.ng/browse"));
  });

  it("keys by the normalised URL, host included", () => {
    expect(key("http://shop.ng/browse?q=a%20b")).toBe(key("http://shop.ng/browse?q=a+b"));
    expect(key("http://shop.ng/browse?")).toBe("http://shop.ng/browse");
    expect(key("http://other.ng/browse")).not.toBe(key("http://shop.ng/browse"));
  });

  it("never takes writes, private pages, signed-in admins, bearer calls or visitors with a personal cookie", () => {
    expect(key("http://shop.ng/", {}, "POST")).toBeNull();
    for (const path of [
      "/loan-application?application=abc",
      "/admin",
      "/admin/login",
      "/healthz",
      "/api/inspections",
      "/go/whatsapp",
      "/saved",
      "/saved.data?ids=1,2",
    ]) {
      expect(key(`http://shop.ng${path}`), path).toBeNull();
    }
    expect(key("http://shop.ng/api/cars", { authorization: "Bearer x" })).toBeNull();
    for (const name of PERSONAL) expect(key("http://shop.ng/", { cookie: `theme=dark; ${name}=abc` })).toBeNull();
    expect(key("http://shop.ng/", { cookie: "theme=dark; xnewsletter=1" })).not.toBeNull();
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
