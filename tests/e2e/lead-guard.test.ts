// Lead forms on a busy shared mobile address and against scripts: a buyer who is asked to wait
// keeps what they typed, with and without JavaScript; nothing is stored until they send again.
import http from "node:http";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { JS_MODES, setupE2E } from "./harness";

// A minimum fill time (the other e2e servers turn it off) and the real rate limits.
const MIN_FILL_MS = 3000;
const app = setupE2E({ browser: true, server: { env: { FORM_MIN_FILL_MS: String(MIN_FILL_MS), RATE_LIMITS: "on" } } });

const messages = () => app.rows<{ n: number }>("select count(*) as n from contact_messages")[0].n;

async function fillContact(page: Page, name: string) {
  await app.field(page, "Full Name").fill(name);
  await app.field(page, "Phone Number").fill("0803 555 0142");
  await app.field(page, "Email Address").fill("buyer@example.com");
  await app.field(page, "Your Message").fill(`Is the Camry still available? (${name})`);
}

/** When the page's form was served, from its signed stamp. */
async function servedAt(page: Page): Promise<number> {
  const stamp = await page.locator('input[name="form_served"]').first().inputValue();
  return Number(stamp.split(".")[0]);
}

describe.each(JS_MODES)("a buyer who sends too fast $label", ({ js }) => {
  it("is asked to wait, keeps the message, and gets through when sending again", async () => {
    const before = messages();
    const name = `Quick Buyer ${js ? "JS" : "NoJS"}`;
    // A page rendered just now (its own URL, so not a copy the page cache kept from earlier), filled
    // well within the minimum: on a machine too busy for that, the next try gets a fresh page.
    let page: Page | undefined;
    for (let attempt = 0; attempt < 5 && !page; attempt++) {
      const fresh = await app.open(`/connect?from=quick-${js}-${attempt}`, { js });
      await fillContact(fresh, name);
      if (Date.now() - (await servedAt(fresh)) < MIN_FILL_MS - 1000) page = fresh;
      else await fresh.close();
    }
    if (!page) throw new Error("The machine never filled the form within the minimum time: too busy to test this");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /^Please wait \d seconds? and send again\./ })
      .waitFor();
    expect(await app.field(page, "Full Name").inputValue()).toBe(name);
    expect(await app.field(page, "Your Message").inputValue()).toContain(name);
    expect(messages()).toBe(before);
    // A person takes a moment: wait until the form on the page is old enough, then resend.
    const ready = page;
    await expect
      .poll(async () => Date.now() - (await servedAt(ready)), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(MIN_FILL_MS);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();
    expect(messages()).toBe(before + 1);
  });
});

describe("an address over its lead budget (many buyers behind one mobile network address)", () => {
  it("re-renders what was typed and 'Please wait N seconds and send again', with and without JavaScript", async () => {
    // Spend this address's budget with refused posts (they count like any other).
    for (let i = 0; i < 300; i++) {
      const res = await fetch(app.url("/connect"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "name=",
      });
      await res.arrayBuffer();
    }
    const before = messages();
    for (const { js } of JS_MODES) {
      const page = await app.open("/connect", { js });
      await expect
        .poll(async () => Date.now() - (await servedAt(page)), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2_000);
      await fillContact(page, `Busy Network ${js}`);
      await page.getByRole("button", { name: "Send Message" }).click();
      const notice = page.getByRole("alert").filter({ hasText: /^Please wait \d+ seconds? and send again\./ });
      await notice.waitFor();
      expect(Number(/wait (\d+)/.exec(await notice.innerText())![1])).toBeGreaterThan(0);
      expect(await app.field(page, "Email Address").inputValue()).toBe("buyer@example.com");
      expect(await page.content()).not.toContain('{"error"'); // a page, never raw JSON
    }
    expect(messages()).toBe(before);
  });

  it("holds the JSON lead APIs to the same budget: 429 with Retry-After, nothing stored", async () => {
    const before = messages();
    const sourcing = () => app.rows<{ n: number }>("select count(*) as n from sourcing_requests")[0].n;
    const sourcingBefore = sourcing();
    const apis = ["/api/contact", "/api/inspections", "/api/newsletter", "/api/loan-applications", "/api/client-info"];
    for (const path of [...apis, "/api/sourcing"]) {
      const res = await fetch(app.url(path), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Flood",
          email: "flood@example.com",
          phone: "08035550100",
          message: "hi",
          car_wanted: "Lexus GX 460",
        }),
      });
      expect(res.status, path).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await res.json()).error).toMatch(/^Please wait \d+ seconds? and send again\.$/);
    }
    expect(messages()).toBe(before);
    expect(sourcing()).toBe(sourcingBefore);
  });
});

describe("cross-site posts", () => {
  it("are refused with 403 before any page action runs, the admin's logout and keep-alive included", async () => {
    const cookie = await app.adminCookie();
    for (const path of ["/admin/logout", "/admin/keepalive", "/connect", "/admin/add-car"]) {
      for (const origin of ["https://evil.example", "null"]) {
        const status = await new Promise<number>((resolve, reject) => {
          const url = new URL(app.url(path));
          http
            .request(
              {
                host: url.hostname,
                port: url.port,
                path: url.pathname,
                method: "POST",
                localAddress: "127.0.0.12",
                headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded", "content-length": 0 },
              },
              (r) => {
                r.resume();
                resolve(r.statusCode ?? 0);
              },
            )
            .on("error", reject)
            .end();
        });
        expect(status, `${origin} -> ${path}`).toBe(403);
      }
    }
    // The session those posts carried is still alive.
    const res = await fetch(app.url("/admin"), { headers: { cookie }, redirect: "manual" });
    expect(res.status).toBe(200);
  });
});
