// The back office as the end-to-end tests set it up: a bearer token for the API (a session made in
// the server's database), a staff account (written there too), and screenshots of back-office
// screens at a desk's and a phone's width.
//
//   const token = await bearerToken(app);            // the first admin's
//   await addStaff(app, "sales-js");                 // a sales account (password STAFF_PASSWORD)
//   for (const [size, viewport] of SCREEN_SIZES) {
//     it(`... at ${size} px`, () => shootScreens(app, viewport, [["dealer-settings-" + size, "/admin/settings"]]));
//   }
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Role } from "~/lib/roles";
import { addAccount, adminToken } from "./admin-session";
import {
  ADMIN_USERNAME,
  DESKTOP,
  type E2E,
  PHONE,
  screenshot,
  scrollWidth,
  settled,
  type Viewport,
  waitForHydration,
} from "./harness";

/** The password of every account addStaff makes. */
export const STAFF_PASSWORD = "sales-password-1";

/** The widths every back-office screen is looked at: a desk and a phone. */
export const SCREEN_SIZES = [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const;

/**
 * A bearer token of a live session (the first admin's unless named), made in the server's
 * database: no login is sent, so the login throttle (10 tries a minute from one address) never
 * refuses the tests that need many.
 */
export function bearerToken(app: E2E, username = ADMIN_USERNAME): Promise<string> {
  return adminToken(app.server, username);
}

/** Adds a staff account (a sales account unless told), password STAFF_PASSWORD. */
export function addStaff(app: E2E, username: string, role: Role = "sales"): Promise<void> {
  return addAccount(app.server, username, STAFF_PASSWORD, role);
}

/**
 * Opens each screen as the first admin with JavaScript at one width, waits until nothing moves,
 * saves `tests/artifacts/<name>.png` and checks the page is no wider than the screen. The page
 * is returned for more checks.
 */
export async function shootScreens(
  app: E2E,
  viewport: Viewport,
  screens: readonly (readonly [name: string, path: string])[],
): Promise<Page> {
  const page = await (await app.context({ js: true, viewport, admin: true })).newPage();
  for (const [name, path] of screens) {
    await page.goto(app.url(path));
    await waitForHydration(page, true);
    await settled(page);
    await screenshot(page, name);
    expect(await scrollWidth(page), name).toBeLessThanOrEqual(viewport.width);
  }
  return page;
}
