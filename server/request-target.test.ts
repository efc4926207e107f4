import { describe, expect, it } from "vitest";
import { parseTarget, validHost } from "./request-target";

describe("parseTarget", () => {
  it("keeps an origin-form target the URL parser would keep as it is", () => {
    for (const target of [
      "/",
      "/about",
      "/browse?make=Toyota&page=2",
      "/cars/12-toyota",
      "//evil.example/x",
      "/a%2F..%2Fb",
    ]) {
      expect(parseTarget(target), target).toEqual({ pathAndQuery: target, host: null });
    }
  });

  it("refuses a path the URL parser would turn into another path", () => {
    for (const target of [
      "/admin/edit-car/..\\..\\connect",
      "/admin/edit-car/%2e%2e/%2E%2E/connect",
      "/a/.%2e/connect",
      "/browse/../about",
      "/./about",
      "/about/.",
      "/\\evil.example",
      "/about\\",
      "/caf\u00e9",
      "/a b",
      '/a"b',
      "/a{b}",
    ]) {
      expect(parseTarget(target), target).toBeNull();
    }
  });

  it("refuses a target without a leading slash, with a fragment, or of another scheme", () => {
    for (const target of ["", "about", "*", "/about#top", "ftp://host/about", "javascript:alert(1)", "http:/about"]) {
      expect(parseTarget(target), target).toBeNull();
    }
  });

  it("answers an absolute-form target as its path, naming its host", () => {
    expect(parseTarget("http://example.com/about?x=1")).toEqual({ pathAndQuery: "/about?x=1", host: "example.com" });
    expect(parseTarget("HTTPS://example.com:8443")).toEqual({ pathAndQuery: "/", host: "example.com:8443" });
    expect(parseTarget("http://example.com?q")).toEqual({ pathAndQuery: "/?q", host: "example.com" });
    expect(parseTarget("http://example.com/a/../about")).toBeNull();
  });
});

describe("validHost", () => {
  it("takes names, addresses and ports a URL can be made from", () => {
    for (const host of ["example.com", "localhost:3000", "127.0.0.1", "[::1]", "[::1]:8080", "Shop.Example.NG", "x:"]) {
      expect(validHost(host), host).toBe(true);
    }
  });

  it("refuses spaces, broken brackets, ports out of range, userinfo and paths", () => {
    for (const host of [
      "",
      "a b",
      "[::1",
      "::1",
      "x:99999",
      "x:-1",
      "user@host",
      "host/path",
      "host?x",
      "a,b",
      "[zz]",
    ]) {
      expect(validHost(host), host).toBe(false);
    }
  });
});
