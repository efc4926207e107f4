// The leads inbox on a phone and a desk (issue 28, item 16), with and without JavaScript: on a
// phone the filters fold behind "Filters" and the first lead shows without scrolling; the inbox
// opens on the leads to answer (WhatsApp clicks and sign-ups one link away); the car filter takes
// a car's name or stock number. Screenshots under tests/artifacts.
import fs from "node:fs";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DESKTOP, type E2E, JS_MODES, PHONE, scrollWidth, settled, setupE2E } from "./harness";

const app = setupE2E({ browser: true });
const SHOTS = "/tmp/shots-inbox";

/** Writes straight into the server's database (triggers add each row to the inbox). */
function write(e2e: E2E, fn: (db: Database.Database) => void): void {
  const db = new Database(e2e.server.dbPath);
  db.pragma("busy_timeout = 5000");
  try {
    fn(db);
  } finally {
    db.close();
  }
}

function seedLeads(e2e: E2E, tag: string): { camry: { id: number; stock: string }; camryBuyer: string; other: string } {
  const [camry] = e2e.rows<{ id: number; stock_number: string }>(
    "SELECT id, stock_number FROM cars WHERE sold = 0 AND make = 'Toyota' AND model LIKE 'Camry%' ORDER BY id LIMIT 1",
  );
  const [notCamry] = e2e.rows<{ id: number }>(
    "SELECT id FROM cars WHERE sold = 0 AND model NOT LIKE 'Camry%' ORDER BY id LIMIT 1",
  );
  const camryBuyer = `Camry Buyer ${tag}`;
  const other = `Other Buyer ${tag}`;
  write(e2e, (db) => {
    const at = (s: number) => new Date(Date.now() + s * 1000).toISOString();
    const contact = db.prepare(
      `INSERT INTO contact_messages (name, phone, email, message, car_id, created_at)
       VALUES (?, '+2348125550178', ?, 'Still there?', ?, ?)`,
    );
    contact.run(camryBuyer, "camry@example.com", camry.id, at(1));
    contact.run(other, "other@example.com", notCamry.id, at(2));
    // The newest rows are signals: the default view must not show them first.
    db.prepare("INSERT INTO whatsapp_clicks (car_id, car_label, from_path, created_at) VALUES (?, NULL, '/', ?)").run(
      camry.id,
      at(3),
    );
    db.prepare("INSERT INTO newsletter_subscriptions (name, email, created_at) VALUES (?, ?, ?)").run(
      `Reader ${tag}`,
      `reader.${tag.toLowerCase()}@example.com`,
      at(4),
    );
  });
  return { camry: { id: camry.id, stock: camry.stock_number }, camryBuyer, other };
}

describe.each(JS_MODES)("the leads inbox $label", ({ js }) => {
  it("on a phone: the first lead shows at once, filters fold, car by name or stock number", async () => {
    const tag = `${js ? "Js" : "Plain"}${Date.now()}`;
    const { camry, camryBuyer, other } = seedLeads(app, tag);
    const page = await app.open("/admin/leads", { js, viewport: PHONE, admin: true });
    if (js) await settled(page);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/inbox-390-${js ? "js" : "nojs"}.png` });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // The newest lead to answer is the first one listed, inside the first screen; the signals are not listed.
    const list = page.getByRole("main");
    const first = list.getByRole("link", { name: other, exact: true });
    const box = await first.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expect.poll(() => list.getByText(`Reader ${tag}`).count()).toBe(0);
    await expect.poll(() => list.getByRole("link", { name: "WhatsApp visitor" }).count()).toBe(0);
    expect(await page.getByLabel("Search").isVisible()).toBe(false);

    // The filters open with one tap; the car filter takes a name.
    await page.getByText("Filters", { exact: true }).click();
    await page.getByLabel("Car", { exact: true }).fill("Camry");
    await page.screenshot({ path: `${SHOTS}/inbox-390-filters-open-${js ? "js" : "nojs"}.png` });
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("car") === "Camry");
    expect(new URL(page.url()).searchParams.get("category")).toBe("lead");
    await expect.poll(() => list.getByRole("link", { name: camryBuyer, exact: true }).count()).toBe(1);
    await expect.poll(() => list.getByRole("link", { name: other, exact: true }).count()).toBe(0);
    // Closed again after the search, showing how many filters are set.
    expect(await page.getByText("Filters (1)", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel("Car", { exact: true }).isVisible()).toBe(false);

    // One link shows the signals, keeping the car.
    await page.getByRole("link", { name: "WhatsApp clicks and sign-ups" }).click();
    await page.waitForURL((u) => u.searchParams.get("category") === "signal");
    expect(new URL(page.url()).searchParams.get("car")).toBe("Camry");
    await expect.poll(() => list.getByRole("link", { name: "WhatsApp visitor" }).count()).toBeGreaterThan(0);

    // The stock number finds the same car's leads; the numeric id still works in the address.
    await app.go(page, `/admin/leads?car=${encodeURIComponent(camry.stock)}`);
    await expect.poll(() => list.getByRole("link", { name: camryBuyer, exact: true }).count()).toBe(1);
    await app.go(page, `/admin/leads?car=${camry.id}`);
    await expect.poll(() => list.getByRole("link", { name: camryBuyer, exact: true }).count()).toBe(1);
    await expect.poll(() => list.getByRole("link", { name: other, exact: true }).count()).toBe(0);
  });

  it("on a desk: the filters are open beside the list, no button", async () => {
    const page = await app.open("/admin/leads", { js, viewport: DESKTOP, admin: true });
    if (js) await settled(page);
    expect(await page.getByLabel("Search").isVisible()).toBe(true);
    expect(await page.getByText("Filters", { exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "To answer" }).getAttribute("aria-current")).toBe("page");
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/inbox-1280-${js ? "js" : "nojs"}.png` });
  });
});
