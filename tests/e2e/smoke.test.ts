import { describe, expect, it } from "vitest";
import { setupE2E } from "./harness";

const app = setupE2E({ browser: true });

describe("foundation", () => {
  it("answers the health check with the seeded stock", async () => {
    const res = await fetch(app.url("/healthz"));
    expect(res.status).toBe(200);
    expect((await res.json()).cars).toBeGreaterThanOrEqual(60);
  });

  it("sends security headers and serves uploads with their type and nosniff", async () => {
    const home = await fetch(app.url("/"));
    expect(home.headers.get("content-security-policy")).toContain("script-src");
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    const cars = await (await fetch(app.url("/api/cars/recent"))).json();
    const img = await fetch(app.url(cars[0].images[0]));
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    expect(img.headers.get("x-content-type-options")).toBe("nosniff");
    expect(img.headers.get("cache-control")).toContain("immutable");
  });

  it("shows a styled 404 page without a stack trace", async () => {
    const page = await app.newPage({ js: false });
    const res = await page.goto(app.url("/no-such-page"));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" }).isVisible()).resolves.toBe(true);
    expect(await page.title()).toMatch(/^Page not found \| /);
    expect(await page.content()).not.toMatch(/at .*\.js:\d+/);
  });

  it("refuses oversized bodies with 413 before reading them", async () => {
    const big = JSON.stringify({ name: "x".repeat(300 * 1024) });
    const res = await fetch(app.url("/api/contact"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The request is too large." });
  });

  it("answers a cross-site form post with 403, not a server error", async () => {
    const res = await fetch(app.url("/connect"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: "name=A&phone=08031234567&email=a%40b.ng&message=hi",
    });
    expect(res.status).toBe(403);
    // The same post from the site itself, with the form's own stamp (see app/http/bot-guard.server.ts).
    const stamp = /name="form_served" value="([^"]+)"/.exec(await (await fetch(app.url("/connect"))).text())?.[1] ?? "";
    const same = await fetch(app.url("/connect"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.server.url },
      body:
        "name=Ada+Obi&phone=08031234567&email=ada%40example.ng&message=Is+the+Camry+available%3F" +
        `&form_served=${encodeURIComponent(stamp)}`,
      redirect: "manual",
    });
    expect(same.status).toBeLessThan(400);
  });
});
