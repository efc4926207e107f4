// The back office as the end-to-end tests set it up: a bearer token for the API, a staff account
// added through it, and screenshots of back-office screens at a desk's and a phone's width.
//
//   const token = await bearerToken(app);            // the first admin's
//   await addStaff(app, "sales-js");                 // a sales account (password STAFF_PASSWORD)
//   for (const [size, viewport] of SCREEN_SIZES) {
//     it(`... at ${size} px`, () => shootScreens(app, viewport, [["dealer-settings-" + size, "/admin/settings"]]));
//   }
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Role } from "~/lib/roles";
import {
  ADMIN_PASSWORD,
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

/** A bearer token from POST /api/admin/login (the first admin unless named). */
export async function bearerToken(app: E2E, username = ADMIN_USERNAME, password = ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(app.url("/api/admin/login"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).token;
}

/** Adds a staff account through POST /api/admin/add, as the first admin (an owner). */
export async function addStaff(app: E2E, username: string, role: Role = "sales"): Promise<void> {
  const res = await fetch(app.url("/api/admin/add"), {
    method: "POST",
    headers: { Authorization: `Bearer ${await bearerToken(app)}`, "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: STAFF_PASSWORD, role, currentPassword: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(201);
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
