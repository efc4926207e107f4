// One submitted Add Car form creates one car: the same form sent twice (a double click without
// JavaScript, a resent POST) adds it once, and the second answer is the same success.
import { describe, expect, it } from "vitest";
import { JS_MODES, setupE2E } from "./harness";

const app = setupE2E({ browser: true });
const count = (model: string) => app.rows<{ n: number }>("select count(*) as n from cars where model = ?", model)[0].n;

describe.each(JS_MODES)("Add Car $label", ({ js }) => {
  it("sent twice, adds one car", async () => {
    const model = `Once ${js ? "JS" : "NoJS"} ${Date.now()}`;
    const page = await app.open("/admin/add-car", { js, admin: true });
    await app.field(page, "Make").fill("Peugeot");
    await app.field(page, "Model").fill(model);
    await app.field(page, "Year").fill("2022");
    await app.field(page, "Price (₦)").fill("38,500,000");
    await app.field(page, "Condition").selectOption("Foreign Used");
    await app.field(page, "Body Type").selectOption("SUV");
    await app.field(page, "Engine Capacity").selectOption("1.6L");
    await app.field(page, "Engine Size").selectOption("V4");
    await app.field(page, "Drive Train").selectOption("FWD");
    await app.field(page, "Custom Paper").selectOption("Yes");
    // Keep the exact request the browser sends, to send it again as a second click would.
    const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/admin/add-car"));
    await page.getByRole("button", { name: "Add Car" }).click();
    const request = await sent;
    await page.waitForURL(/\/admin\/create-listing\?done=added/);
    expect(count(model)).toBe(1);
    const headers = await request.allHeaders();
    const again = await fetch(request.url(), {
      method: "POST",
      headers: { "content-type": headers["content-type"], origin: headers.origin, cookie: await app.adminCookie() },
      body: new Uint8Array(request.postDataBuffer() ?? Buffer.alloc(0)),
      redirect: "manual",
    });
    expect(again.status).toBeLessThan(400);
    expect(count(model)).toBe(1);
  });
});
