// One submitted Add Car form creates one car: the same form sent twice (a double click without
// JavaScript, a resent POST) adds it once, and the second answer is the same success.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupE2E } from "./harness";

const app = setupE2E({ browser: true });
const count = (model: string) => app.rows<{ n: number }>("select count(*) as n from cars where model = ?", model)[0].n;

async function fillCar(page: Page, model: string) {
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
}

describe("Add Car without JavaScript", () => {
  it("sent twice (the very same form), adds one car and answers the second as a success", async () => {
    const model = `Once NoJS ${Date.now()}`;
    const page = await app.open("/admin/add-car", { js: false, admin: true });
    await fillCar(page, model);
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
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/admin/create-listing?done=added");
    expect(count(model)).toBe(1);
  });
});

describe("Add Car with JavaScript", () => {
  it("double-clicked, adds one car", async () => {
    const model = `Once JS ${Date.now()}`;
    const page = await app.open("/admin/add-car", { js: true, admin: true });
    await fillCar(page, model);
    await page.getByRole("button", { name: "Add Car" }).dblclick();
    await page.waitForURL(/\/admin\/create-listing\?done=added/);
    await page.getByRole("status").filter({ hasText: "Car added successfully" }).waitFor();
    expect(count(model)).toBe(1);
  });
});
