// Lead assignment end to end: a staff member assigns a lead to themselves on its page (with and
// without JavaScript), finds it under "My new leads" on the dashboard and in the inbox filtered
// by assignee; screenshots of the lead page and the dashboard on a phone and a desk.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SCREEN_SIZES, shootScreens } from "./back-office";
import { ADMIN_USERNAME, type E2E, JS_MODES, setupE2E, waitForHydration } from "./harness";

const app = setupE2E({ browser: true });

/** A new contact message straight into the server's database (triggers add it to the inbox); its lead id. */
function newContact(e2e: E2E, name: string): number {
  const db = new Database(e2e.server.dbPath);
  db.pragma("busy_timeout = 5000");
  try {
    const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
    const row = db
      .prepare(
        "INSERT INTO contact_messages (name, phone, email, message, created_at) VALUES (?, '+2348125550178', ?, ?, ?)",
      )
      .run(name, email, `Is the Lexus RX still available? (${name})`, new Date().toISOString());
    return Number(row.lastInsertRowid);
  } finally {
    db.close();
  }
}

const myNewLeads = (e2e: E2E) =>
  e2e.rows<{ n: number }>(
    `SELECT count(*) AS n FROM leads JOIN admins ON admins.id = leads.assignee_id
     WHERE admins.username = ? AND leads.status = 'new'`,
    ADMIN_USERNAME,
  )[0].n;

describe.each(JS_MODES)("assigning a lead $label", ({ js }) => {
  it("assigns it to me on its page; it shows under My new leads and in the inbox filtered by assignee", async () => {
    const name = `Assignee ${js ? "Script" : "Plain"} ${Date.now()}`;
    const id = newContact(app, name);
    const before = myNewLeads(app);

    const page = await app.open(`/admin/leads/contact/${id}`, { js, admin: true });
    await page.getByText("Not assigned").waitFor();
    const assign = page.getByRole("region", { name: "Assignee" });
    await assign.getByLabel("Staff member").selectOption(ADMIN_USERNAME);
    await assign.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Lead updated" }).waitFor();
    await page.getByText(`Assigned to ${ADMIN_USERNAME}`, { exact: true }).waitFor();
    await expect(assign.getByLabel("Staff member").inputValue()).resolves.toBe(ADMIN_USERNAME);
    await expect(page.getByRole("region", { name: "History" }).innerText()).resolves.toContain(
      `Updated a lead: assigned to ${ADMIN_USERNAME}`,
    );
    expect(myNewLeads(app)).toBe(before + 1);

    await app.go(page, "/admin");
    const card = page.getByRole("link", { name: /^my new leads/i });
    await expect(card.innerText()).resolves.toMatch(new RegExp(`My new leads\\s+${before + 1}`, "i"));
    await card.click();
    await page.waitForURL((u) => u.pathname === "/admin/leads" && u.searchParams.get("assignee") === "me");
    await waitForHydration(page, js);
    expect(new URL(page.url()).searchParams.get("status")).toBe("new");
    await page.getByText(name).filter({ visible: true }).first().waitFor();

    // The inbox's own filter: nobody's leads leave it out, mine have it.
    const filter = page.getByRole("form", { name: "Filter leads" });
    await filter.getByLabel("Assigned to").selectOption("none");
    await filter.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL((u) => u.searchParams.get("assignee") === "none");
    await waitForHydration(page, js);
    await page.getByText(name).filter({ visible: true }).first().waitFor({ state: "hidden" });
    await filter.getByLabel("Assigned to").selectOption("me");
    await filter.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL((u) => u.searchParams.get("assignee") === "me");
    await page.getByText(name).filter({ visible: true }).first().waitFor();
    expect(app.consoleErrors(page)).toEqual([]);
  });
});

describe("the lead page and the dashboard with an assigned lead", () => {
  for (const [size, viewport] of SCREEN_SIZES) {
    it(`fit a ${size} px screen (screenshots for people to look at)`, async () => {
      const [lead] = app.rows<{ source_id: number }>(
        "SELECT source_id FROM leads WHERE kind = 'contact' AND assignee_id IS NOT NULL ORDER BY id LIMIT 1",
      );
      const page = await shootScreens(app, viewport, [
        [`admin-lead-assigned-${size}`, `/admin/leads/contact/${lead.source_id}`],
        [`admin-dashboard-my-leads-${size}`, "/admin"],
      ]);
      expect(app.consoleErrors(page)).toEqual([]);
    });
  }
});
