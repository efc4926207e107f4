import { describe, expect, it } from "vitest";
import { browseWalk } from "./cold";

describe("browseWalk", () => {
  it("asks every page once, page 1 without a page parameter (the server redirects ?page=1)", () => {
    expect(browseWalk(3)).toEqual(["/browse", "/browse?page=2", "/browse?page=3"]);
  });

  it("keeps the filter first, as the canonical URL does", () => {
    expect(browseWalk(2, "body_type=SUV")).toEqual(["/browse?body_type=SUV", "/browse?body_type=SUV&page=2"]);
  });

  it("gives as many unique URLs as pages", () => {
    const urls = browseWalk(1334);
    expect(urls).toHaveLength(1334);
    expect(new Set(urls).size).toBe(1334);
  });
});
