import { describe, expect, it } from "vitest";
import { HeroSlideSchema } from "./hero-slide-schema";
import { isHttpsLink, isSiteOrHttpsLink, isSiteRelativeLink } from "./links";

// Each of these opens another site, or is not a link a browser reads as typed.
const OTHER_SITES = [
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  " /browse",
  "/browse now",
  "/brow\u0000se",
  "/brow\u200bse",
  "/brow\u00a0se",
  "javascript:alert(1)",
  "evil.example",
  "",
];

describe("the one link rule", () => {
  it("takes a page of this site", () => {
    for (const link of ["/", "/browse", "/browse?condition=new&make=Toyota", "/cars/12#photos", "/a/\\b"]) {
      expect(isSiteRelativeLink(link), link).toBe(true);
    }
  });

  it("refuses every link that leaves the site or carries control characters or spaces", () => {
    for (const link of OTHER_SITES) expect(isSiteRelativeLink(link), JSON.stringify(link)).toBe(false);
  });

  it("takes a full https:// address of a named host, without credentials, spaces or control characters", () => {
    expect(isHttpsLink("https://www.instagram.com/lekki")).toBe(true);
    for (const link of [
      "http://example.com",
      "https://localhost/x",
      "https://user:pw@example.com/",
      "https://exa\tmple.com/",
      "https://example.com/\n",
      "//example.com",
      "https:/\\example.com",
    ]) {
      expect(isHttpsLink(link), JSON.stringify(link)).toBe(false);
    }
    expect(isSiteOrHttpsLink("https://example.com")).toBe(true);
    expect(isSiteOrHttpsLink("/\\evil.example")).toBe(false);
  });

  it("is what the hero slide form applies", () => {
    for (const link of ["/\\evil.example", "/\t/evil.example", "//evil.example"]) {
      const parsed = HeroSlideSchema.safeParse({ heading: "Hi", link });
      expect(parsed.success, JSON.stringify(link)).toBe(false);
    }
    expect(HeroSlideSchema.parse({ heading: "Hi", link: " /browse " }).link).toBe("/browse");
  });
});
