import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addStaff } from "./back-office";
import { ADMIN_PASSWORD, DESKTOP, field, JS_MODES, PHONE, screenshot, settled, setupE2E } from "./harness";

/**
 * Staff management (issue 28, items 15 and 17): each staff row has its own actions (name and
 * phone, role, password, remove), each account change confirmed with the owner's password, with
 * and without JavaScript; a staff member's display name and phone show on the leads assigned to
 * them; the activity page lists the fields changed, old and new, and never a password.
 */

const app = setupE2E({ browser: true });

/** Row actions whose text is cut or that fall off the screen. */
function cutActions(page: Page, width: number) {
  return page.evaluate((w) => {
    const buttons = [...document.querySelectorAll<HTMLElement>("[data-staff] [data-action]")].filter(
      (b) => b.offsetParent !== null,
    );
    const problems = buttons.flatMap((b) => {
      const r = b.getBoundingClientRect();
      const label = b.querySelector<HTMLElement>(".mantine-Button-label") ?? b;
      const out: string[] = [];
      if (label.scrollWidth > label.clientWidth + 1) out.push(`${b.textContent}: text cut`);
      if (r.left < 0 || r.right > w) out.push(`${b.textContent}: off screen`);
      return out;
    });
    return { count: buttons.length, problems };
  }, width);
}

describe.each(JS_MODES)("staff rows $label", ({ js }) => {
  const who = js ? "kemi-js" : "kemi-nojs";
  const name = js ? "Kemi Adebayo" : "Kemi Okoro";

  it("an owner sets a colleague's name and phone from their row, and it shows on their leads", async () => {
    await addStaff(app, who);
    const page = await app.open("/admin/admin-management", { js, viewport: DESKTOP, admin: true });
    const row = page.getByRole("table", { name: "Staff" }).locator(`[data-staff="${who}"]`);
    await row.getByRole("link", { name: `Edit name and phone: ${who}` }).click();
    const form = page.getByRole("form", { name: `Name and phone of ${who}` });
    await field(form, "Display name").fill(name);
    await field(form, "Phone").fill("12345");
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Enter a Nigerian mobile number, e.g. 0803 555 0142").first().waitFor();
    // The form stays open with what was typed.
    await expect(field(form, "Display name").inputValue()).resolves.toBe(name);
    await field(form, "Phone").fill("0803 555 0142");
    await form.getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Name and phone of '${who}' saved` })
      .waitFor();
    await expect.poll(() => row.innerText()).toContain(name);
    expect(await row.innerText()).toContain("+234 803 555 0142");
    expect(app.rows("SELECT display_name, phone FROM admins WHERE username = ?", who)).toEqual([
      { display_name: name, phone: "+2348035550142" },
    ]);

    // Assigned a lead, they are named on it and in the inbox.
    const [lead] = app.rows<{ kind: string; source_id: number }>(
      "SELECT kind, source_id FROM leads WHERE category = 'lead' AND assignee_id IS NULL ORDER BY id LIMIT 1",
    );
    await app.go(page, `/admin/leads/${lead.kind}/${lead.source_id}`);
    const assign = page.getByRole("region", { name: "Assignee" });
    await assign.getByLabel("Staff member").selectOption({ label: name });
    await assign.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("assigned-to").filter({ hasText: name }).waitFor();
    expect(await page.getByTestId("assigned-to").innerText()).toBe(`Assigned to ${name} · +234 803 555 0142`);
    await app.go(page, `/admin/leads?assignee=${who}`);
    await page.getByTestId("assignee").filter({ hasText: name }).first().waitFor();
  });

  it("an owner resets a password and removes an account from its row, with the owner's password", async () => {
    const gone = `${who}-gone`;
    await addStaff(app, gone);
    const page = await app.open("/admin/admin-management", { js, viewport: DESKTOP, admin: true });
    const table = page.getByRole("table", { name: "Staff" });
    await table.getByRole("link", { name: `Reset password: ${gone}` }).click();
    const reset = page.getByRole("form", { name: `Reset ${gone}'s password` });
    await field(reset, "New Password").fill("a-brand-new-pass");
    await field(reset, "Your current password").fill("not-the-owners");
    await reset.getByRole("button", { name: "Change Password" }).click();
    await page.getByRole("alert").filter({ hasText: "Your current password is not correct" }).waitFor();
    await field(reset, "New Password").fill("a-brand-new-pass");
    await field(reset, "Your current password").fill(ADMIN_PASSWORD);
    await reset.getByRole("button", { name: "Change Password" }).click();
    await page.getByRole("status").filter({ hasText: "Password changed successfully" }).waitFor();
    expect(app.rows("SELECT must_change_password AS m FROM admins WHERE username = ?", gone)).toEqual([{ m: 1 }]);

    await table.getByRole("link", { name: `Remove: ${gone}` }).click();
    const remove = page.getByRole("form", { name: `Remove ${gone}` });
    await field(remove, "Your current password").fill(ADMIN_PASSWORD);
    await remove.getByRole("button", { name: "Remove Admin" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Admin '${gone}' removed successfully` })
      .waitFor();
    await expect.poll(() => table.locator(`[data-staff="${gone}"]`).count()).toBe(0);
    expect(app.rows("SELECT id FROM admins WHERE username = ?", gone)).toEqual([]);
  });
});

describe("staff management on a phone and at a desk", () => {
  for (const [size, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    it(`shows every row's actions whole at ${size} px, and opens one`, async () => {
      await addStaff(app, `desk-${size}`);
      const page = await app.open("/admin/admin-management", { js: true, viewport, admin: true });
      await settled(page);
      await screenshot(page, `staff-management-${size}`);
      const { count, problems } = await cutActions(page, viewport.width);
      expect(count).toBeGreaterThan(4);
      expect(problems).toEqual([]);
      await page.locator(`[data-staff="desk-${size}"] [data-action=role]`).filter({ visible: true }).click();
      await page.getByRole("form", { name: `Change the role of desk-${size}` }).waitFor();
      await settled(page);
      await screenshot(page, `staff-management-role-${size}`, { fullPage: false });
    });
  }
});

describe("a sales account", () => {
  it("sets its own name and phone, and sees no one else's", async () => {
    await addStaff(app, "bola-sales");
    const page = await app.open("/admin/admin-management", { js: false, viewport: PHONE, admin: "bola-sales" });
    expect(await page.locator("[data-staff]").count()).toBe(0);
    const form = page.getByRole("form", { name: "Your name and phone" });
    await field(form, "Display name").fill("Bola Ade");
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Name and phone of 'bola-sales' saved" }).waitFor();
    expect(app.rows("SELECT display_name FROM admins WHERE username = 'bola-sales'")).toEqual([
      { display_name: "Bola Ade" },
    ]);
  });
});

describe("the activity page", () => {
  for (const [size, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    it(`names each field changed, old and new, never a password, at ${size} px`, async () => {
      const page = await app.open("/admin/activity?kind=admin", { js: true, viewport, admin: true });
      const changes = page.getByRole("list", { name: "Changes" }).filter({ visible: true });
      await expect
        .poll(() => changes.allInnerTexts())
        .toEqual(expect.arrayContaining([expect.stringMatching(/display name\s+—\s+→\s+Kemi Adebayo/)]));
      const text = await page.locator("main").innerText();
      expect(text).toMatch(/password\s+changed/);
      expect(text).not.toContain("a-brand-new-pass");
      await settled(page);
      await screenshot(page, `activity-${size}`);
    });
  }
});
