import { describe, expect, it } from "vitest";
import { HeroSlideSchema } from "./hero-slide-schema";

describe("a hero slide's link", () => {
  const link = (value: string) => HeroSlideSchema.safeParse({ heading: "Sale", link: value });

  it.each(["/browse?body_type=SUV", "https://www.instagram.com/lekkiprimeautos"])("takes %s", (value) => {
    expect(link(value)).toMatchObject({ success: true, data: { link: value } });
  });

  it("takes an empty link as none", () => {
    expect(link("  ")).toMatchObject({ success: true, data: { link: null } });
  });

  it.each(["http://example.com/sale", "//evil.example/x", "ftp://example.com", "javascript:alert(1)", "browse"])(
    "refuses %s",
    (value) => {
      const result = link(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(
        "The link must be a page of this site (starting with /) or a full https:// address",
      );
    },
  );
});
