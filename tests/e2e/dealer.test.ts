// The dealer runs the site: business settings on every public page (page cache included), field
// messages that keep what was typed, staff roles (a sales account meets 403 and a smaller menu),
// the setup checklist and the demo stock removed with a confirmation. With and without JavaScript.
import { describe, expect, it } from "vitest";
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  DESKTOP,
  JS_MODES,
  PHONE,
  screenshot,
  scrollWidth,
  settled,
  setupE2E,
  waitForHydration,
} from "./harness";

const app = setupE2E({ browser: true, server: { env: { PAGE_CACHE_MB: "16" } } });

async function apiToken(username = ADMIN_USERNAME, password = ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(app.url("/api/admin/login"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  return (await res.json()).token;
}

async function addSales(username: string): Promise<void> {
  const res = await fetch(app.url("/api/admin/add"), {
    method: "POST",
    headers: { Authorization: `Bearer ${await apiToken()}`, "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: "sales-password-1", role: "sales", currentPassword: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(201);
}

describe.each(JS_MODES)("business settings $label", ({ js }) => {
  it("saves the name and WhatsApp number and every public page shows them at the next request", async () => {
    // Warm the page cache with the old name first.
    for (let i = 0; i < 2; i++) await fetch(app.url("/about"));
    const name = js ? "Ikoyi Motors JS" : "Ikoyi Motors NoJS";
    const page = await app.open("/admin/settings", { js, admin: true });
    await page.getByLabel(/^Business name/).fill(name);
    await page.getByLabel(/^WhatsApp number/).fill("0909 555 0177");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    // Stored canonical (the form is drawn again from what was saved).
    await expect.poll(() => page.getByLabel(/^WhatsApp number/).inputValue()).toBe("+2349095550177");

    const about = await (await fetch(app.url("/about"))).text();
    expect(about).toContain(name);
    const visitor = await app.open("/", { js });
    await expect(visitor.locator("header").getByText(name).first().isVisible()).resolves.toBe(true);
    const chat = await fetch(app.url("/go/whatsapp"), { method: "HEAD", redirect: "manual" });
    expect(chat.headers.get("Location")).toMatch(/^https:\/\/wa\.me\/2349095550177\?text=/);
    const trail = app.rows<{ action: string }>("SELECT action FROM activity WHERE action = 'settings.update'");
    expect(trail.length).toBeGreaterThan(0);
  });

  it("refuses a bad phone and an http social link with field messages, keeping what was typed", async () => {
    const page = await app.open("/admin/settings", { js, admin: true });
    await page.getByLabel(/^Business name/).fill("Typed But Refused");
    await page.getByLabel(/^Phone 2/).fill("12345");
    await page.getByLabel("Address", { exact: true }).first().fill("http://facebook.com/x");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("The settings were not saved: check the fields marked in red.").waitFor();
    await expect(page.getByText("Enter a Nigerian mobile number, e.g. 0803 555 0142").isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Use a full https:\/\/ address/).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel(/^Business name/).inputValue()).resolves.toBe("Typed But Refused");
    await expect(page.getByLabel(/^Phone 2/).inputValue()).resolves.toBe("12345");
    expect(app.rows("SELECT 1 FROM settings WHERE value LIKE '%Typed But Refused%'")).toHaveLength(0);
  });
});

describe.each(JS_MODES)("staff roles $label", ({ js }) => {
  it("shows a sales account a smaller menu, the 403 page on owners' screens, only its own password form", async () => {
    const username = js ? "sales-js" : "sales-nojs";
    await addSales(username);
    const page = await app.open("/admin", { js, admin: username });
    const nav = page.getByRole("navigation", { name: "Admin" }).first();
    await expect(nav.getByRole("link", { name: "Settings" }).count()).resolves.toBe(0);
    await expect(page.getByTestId("setup-checklist").count()).resolves.toBe(0);
    await app.go(page, "/admin/settings");
    await page.getByText("Only an owner can do this.").waitFor();
    await app.go(page, "/admin/create-listing");
    await expect(page.getByRole("link", { name: /^Delete / }).count()).resolves.toBe(0);
    await app.go(page, "/admin/admin-management");
    await page.getByRole("heading", { name: "Change your password" }).waitFor();
    await expect(page.getByRole("heading", { name: "Add New Admin" }).count()).resolves.toBe(0);
  });

  it("asks the owner's own password before adding an account, and adds it with its role", async () => {
    const page = await app.open("/admin/admin-management", { js, admin: true });
    const form = page.getByRole("form", { name: "Add New Admin" });
    const username = js ? "clerk-js" : "clerk-nojs";
    await form.getByLabel(/^Username/).fill(username);
    await form.getByLabel(/^Password/).fill("clerk-password-1");
    await form.getByLabel(/^Role/).selectOption("sales");
    await form.getByLabel(/^Your current password/).fill("not-my-password");
    await form.getByRole("button", { name: "Add Admin" }).click();
    await page.getByText("Failed to add admin: Your current password is not correct").waitFor();
    expect(app.rows("SELECT 1 FROM admins WHERE username = ?", username)).toHaveLength(0);
    const again = page.getByRole("form", { name: "Add New Admin" });
    await expect(again.getByLabel(/^Username/).inputValue()).resolves.toBe(username);
    await again.getByLabel(/^Password/).fill("clerk-password-1");
    await again.getByLabel(/^Your current password/).fill(ADMIN_PASSWORD);
    await again.getByRole("button", { name: "Add Admin" }).click();
    await page.getByText("Admin added successfully").waitFor();
    expect(app.rows("SELECT role FROM admins WHERE username = ?", username)).toEqual([{ role: "sales" }]);
    await page.getByRole("table", { name: "Staff" }).getByText(username).waitFor();
  });
});

describe("the clean start", () => {
  it("shows the owner the setup checklist and removes the demo stock after a confirmation, no JS", async () => {
    const demo = app.rows<{ n: number }>("SELECT count(*) AS n FROM cars WHERE demo = 1")[0].n;
    expect(demo).toBeGreaterThan(0);
    const page = await app.open("/admin", { js: false, admin: true });
    const list = page.getByTestId("setup-checklist");
    await list.getByRole("link", { name: /Remove the demo stock/ }).click();
    await page.getByText("Remove every demo car?").waitFor();
    await page.getByRole("button", { name: "Yes" }).click();
    await page.getByText(`${demo} demo cars removed. Your own cars stay.`).waitFor();
    expect(app.rows("SELECT 1 FROM cars WHERE demo = 1")).toHaveLength(0);
    await expect(
      page
        .getByTestId("setup-checklist")
        .getByText(/Remove the demo stock \(done\)/)
        .count(),
    ).resolves.toBe(1);
  });
});

describe("screens of the dealer's back office", () => {
  for (const [size, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    it(`renders settings, staff and the dashboard checklist at ${size} px`, async () => {
      const ctx = await app.context({ js: true, viewport, admin: true });
      const page = await ctx.newPage();
      for (const [name, url] of [
        ["settings", "/admin/settings"],
        ["staff", "/admin/admin-management"],
        ["dashboard-checklist", "/admin"],
      ] as const) {
        await page.goto(app.url(url));
        await waitForHydration(page, true);
        await settled(page);
        await screenshot(page, `dealer-${name}-${size}`);
        expect(await scrollWidth(page), name).toBeLessThanOrEqual(viewport.width);
      }
    });
  }
});
