import { describe, expect, it } from "vitest";
import { loginPath, safeReturnPath } from "./return-to";

describe("safeReturnPath", () => {
  it("keeps back-office paths of this site, with their query", () => {
    expect(safeReturnPath("/admin/leads/contact/12")).toBe("/admin/leads/contact/12");
    expect(safeReturnPath("/admin/create-listing?status=sold&page=2")).toBe("/admin/create-listing?status=sold&page=2");
    expect(safeReturnPath("/admin")).toBe("/admin");
  });

  it("refuses other sites and tricks", () => {
    for (const raw of [
      "//evil.example",
      "//evil.example/admin",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "https://evil.example/admin",
      "javascript:alert(1)",
      "/admin/../\\evil",
      "/%2F%2Fevil.example",
      "/admin\n//evil",
      "/browse",
      "/administrator",
      "/admin/login",
      "/admin/logout",
      "admin/leads",
      "",
      null,
    ])
      expect(safeReturnPath(raw), String(raw)).toBeNull();
  });
});

describe("loginPath", () => {
  it("says why and where to go back to", () => {
    expect(loginPath()).toBe("/admin/login");
    expect(loginPath({ inactive: true, next: "/admin/leads/contact/3" })).toBe(
      "/admin/login?reason=inactivity&next=%2Fadmin%2Fleads%2Fcontact%2F3",
    );
    expect(loginPath({ next: "//evil.example" })).toBe("/admin/login");
  });
});
