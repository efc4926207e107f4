import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openDayFrom } from "../helpers/leads";
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  field,
  JS_MODES,
  screenshot,
  setupE2E,
  type TestServer,
  waitForHydration,
} from "./harness";

const ADMIN_URLS = [
  "/admin",
  "/admin/create-listing",
  "/admin/add-car",
  "/admin/edit-car/1",
  "/admin/inspections",
  "/admin/admin-management",
  "/admin/report",
  "/admin/leads",
  "/admin/leads?status=new",
  "/admin/leads/inspection/1",
  "/admin/leads.csv",
  "/admin/activity",
  "/admin/report.csv",
  "/admin/edit-car/abc",
  "/admin/edit-car/99999",
  "/admin/edit-car",
  "/admin/no-such-page",
];

async function photo(color: string) {
  return sharp({ create: { width: 640, height: 420, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** Paths of the original images of a car, as the public API reports them. */
async function carImages(server: TestServer, id: number): Promise<string[]> {
  const res = await fetch(`${server.url}/api/cars/${id}`);
  return res.ok ? (await res.json()).images : [];
}

const onDisk = (server: TestServer, publicPath: string) =>
  fs.existsSync(path.join(server.uploadsDir, path.basename(publicPath)));

for (const mode of JS_MODES) {
  describe(`admin back office ${mode.label}`, () => {
    const app = setupE2E({ browser: true });
    let page: Page;
    const model = mode.js ? "3008 Allure JS" : "3008 Allure NoJS";

    /** A page in a new context (JavaScript as the mode says), signed in or not; the previous one closes. */
    async function freshPage(signedIn: boolean) {
      await page?.context().close();
      page = await app.newPage({ js: mode.js, admin: signedIn });
      return page;
    }
    const go = (url: string) => app.go(page, url);

    it("sends an anonymous visitor of every admin URL to /admin/login", async () => {
      await freshPage(false);
      for (const url of ADMIN_URLS) {
        await page.goto(app.url(url));
        expect(new URL(page.url()).pathname, url).toBe("/admin/login");
        expect(await page.content()).not.toContain("Manage Car Listings");
      }
    });

    it("signs in with the form: 'Invalid credentials' on a wrong password, dashboard on the right one", async () => {
      await freshPage(false);
      await go("/admin/login");
      await field(page, "Username").fill(ADMIN_USERNAME);
      await field(page, "Password").fill("not-the-password");
      await page.getByRole("button", { name: "Login" }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: "Invalid credentials" }).waitFor(),
      ).resolves.toBeUndefined();
      expect(await field(page, "Username").inputValue()).toBe(ADMIN_USERNAME);
      await field(page, "Password").fill(ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL(app.url("/admin"));
      await page.getByRole("heading", { name: "Dashboard" }).waitFor();
      expect(await page.getByText("Booked Inspections Per Month").first().isVisible()).toBe(true);
      expect(await page.getByText("Cars Created and Sold Per Month").first().isVisible()).toBe(true);
      // The numbers are in tables too (charts need JavaScript).
      expect(await page.getByRole("rowheader", { name: "Booked Inspections" }).count()).toBe(1);
      expect(await page.getByRole("rowheader", { name: "Cars Available" }).count()).toBe(1);
      expect(await page.getByRole("rowheader", { name: "Cars Sold" }).count()).toBe(1);
      if (mode.js) await page.locator(".recharts-surface").first().waitFor();
      // Sign out with the layout's button.
      await page.getByRole("button", { name: "Logout" }).first().click();
      await page.waitForURL(app.url("/admin/login"));
      await page.goto(app.url("/admin"));
      expect(new URL(page.url()).pathname).toBe("/admin/login");
    });

    let carId = 0;
    it("adds a car with two images, shown in the list and on /browse", async () => {
      await freshPage(true);
      await go("/admin/add-car");
      await field(page, "Make").fill("Peugeot");
      await field(page, "Model").fill(model);
      await field(page, "Year").fill("2022");
      await field(page, "Price (₦)").fill("38,500,000");
      await page.getByLabel("Mileage (miles)").fill("18000");
      await page.getByLabel("Color").fill("Pearl White");
      await field(page, "Condition").selectOption("Foreign Used");
      await field(page, "Body Type").selectOption("SUV");
      await field(page, "Engine Capacity").selectOption("1.6L");
      await field(page, "Engine Size").selectOption("V4");
      await field(page, "Drive Train").selectOption("FWD");
      await field(page, "Custom Paper").selectOption("Yes");
      await page.getByLabel("Transmission").fill("Automatic");
      await page.getByLabel("Fuel Type").fill("Petrol");
      // Free text, with the values the browse filters use suggested.
      for (const [label, value] of [
        ["Transmission", "Manual"],
        ["Fuel Type", "Diesel"],
      ]) {
        const list = await page.getByLabel(label).getAttribute("list");
        const options = await page
          .locator(`datalist#${list} option`)
          .evaluateAll((o) => o.map((x) => x.getAttribute("value")));
        expect(options, label).toContain(value);
      }
      await page.getByRole("radiogroup", { name: "Available for financing" }).getByLabel("Yes").check();
      await page.getByLabel("Bluetooth").check();
      await page.getByLabel("Panoramic roof").check();
      await page.getByLabel("Description").fill("One owner, full service history.");
      await page.locator("#images").setInputFiles([
        { name: "front.jpg", mimeType: "image/jpeg", buffer: await photo("#1e6091") },
        { name: "rear.jpg", mimeType: "image/jpeg", buffer: await photo("#c0392b") },
      ]);
      // With JavaScript the photos are resized first: wait for both thumbnails.
      if (mode.js) await expect.poll(() => page.locator("[data-photo] img").count()).toBe(2);
      await page.getByRole("button", { name: "Add Car" }).click();
      await page.waitForURL(/\/admin\/create-listing\?done=added/);
      await page.getByRole("status").filter({ hasText: "Car added successfully" }).waitFor();
      const row = page.locator("tr", { hasText: model });
      expect(await row.getByText("Available").isVisible()).toBe(true);
      carId = Number(await row.getAttribute("data-car-id"));
      expect(carId).toBeGreaterThan(0);
      const images = await carImages(app.server, carId);
      expect(images).toHaveLength(2);
      for (const p of images) expect(onDisk(app.server, p)).toBe(true);

      await page.goto(app.url(`/browse?q=${encodeURIComponent(model)}`));
      await page.getByText(`Peugeot ${model} - 2022`).first().waitFor();
    });

    it("edits the car, removing one of its images", async () => {
      const before = await carImages(app.server, carId);
      await freshPage(true);
      await go("/admin/create-listing");
      await page.getByRole("link", { name: `Edit Peugeot ${model} 2022` }).click();
      await page.waitForURL(app.url(`/admin/edit-car/${carId}`));
      await waitForHydration(page, mode.js);
      expect(await field(page, "Make").inputValue()).toBe("Peugeot");
      expect(await page.getByLabel("Bluetooth").isChecked()).toBe(true);
      expect(
        await page.getByRole("radiogroup", { name: "Available for financing" }).getByLabel("Yes").isChecked(),
      ).toBe(true);
      const thumbs = page.locator("[data-photo] img");
      expect(await thumbs.count()).toBe(2);
      const box = await thumbs.first().boundingBox();
      expect([box?.width, box?.height]).toEqual([96, 96]);
      if (mode.js) await page.getByRole("button", { name: "Remove photo 2" }).click();
      else await page.locator("[data-photo]").nth(1).getByLabel("Remove").check();
      await field(page, "Price (₦)").fill("37000000");
      await page.getByRole("button", { name: "Update Car" }).click();
      await page.waitForURL(/\/admin\/create-listing\?done=updated/);
      await page.getByRole("status").filter({ hasText: "Car updated successfully" }).waitFor();
      const after = await carImages(app.server, carId);
      expect(after).toEqual([before[0]]);
      expect(onDisk(app.server, before[1])).toBe(false);
      expect((await (await fetch(app.url(`/api/cars/${carId}`))).json()).price).toBe(37_000_000);
    });

    it("marks the car sold after confirming, which takes it off the public lists", async () => {
      await freshPage(true);
      await go("/admin/create-listing");
      await page.getByRole("link", { name: `Mark as Sold: Peugeot ${model} 2022` }).click();
      await page.getByText("Are you sure you want to mark this car as sold?").waitFor();
      await page.getByRole("button", { name: "Yes" }).click();
      await page.waitForURL(/done=sold/);
      const row = page.locator("tr", { hasText: model });
      await row.getByText("Sold", { exact: true }).waitFor();
      expect(await row.getByRole("link", { name: /^Mark as Sold/ }).count()).toBe(0);
      const pub = (await (await fetch(app.url(`/api/cars?q=${encodeURIComponent(model)}`))).json()) as { id: number }[];
      expect(pub.map((c) => c.id)).not.toContain(carId);
      await page.goto(app.url(`/browse?q=${encodeURIComponent(model)}`));
      expect(await page.getByText(`Peugeot ${model} - 2022`).count()).toBe(0);
    });

    it("deletes the car after confirming, with its files", async () => {
      const images = await carImages(app.server, carId);
      await freshPage(true);
      await go("/admin/create-listing");
      await page.getByRole("link", { name: `Delete Peugeot ${model} 2022` }).click();
      await page.getByText("Are you sure you want to delete this item?").waitFor();
      // No keeps it.
      await page.getByRole("link", { name: "No", exact: true }).click();
      await page.waitForURL(app.url("/admin/create-listing"));
      expect(await page.locator("tr", { hasText: model }).count()).toBe(1);
      await page.getByRole("link", { name: `Delete Peugeot ${model} 2022` }).click();
      await page.getByRole("button", { name: "Yes" }).click();
      await page.waitForURL(/done=deleted/);
      await page.getByRole("status").filter({ hasText: "Car deleted" }).waitFor();
      await screenshot(page, `admin-deleted-${mode.js ? "js" : "nojs"}`);
      expect(await page.locator("tbody tr", { hasText: model }).count()).toBe(0);
      expect((await fetch(app.url(`/api/cars/${carId}`))).status).toBe(404);
      for (const p of images) expect(onDisk(app.server, p)).toBe(false);
    });

    it("lists inspection requests by the day chosen, with N/A for empty other info", async () => {
      // Two buyers (two phones): the same phone, car and date within 10 minutes is one booking.
      const book = (name: string, other: string) =>
        fetch(app.url("/api/inspections"), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            name,
            phone: other ? "08037654321" : "08031234567",
            email: other ? "amaka@example.ng" : "buyer@example.ng",
            car_make: "Toyota",
            car_model: "Camry",
            inspection_date: openDayFrom(14),
            other_info: other,
          }),
        });
      expect((await book(`Chidi ${mode.js}`, "")).ok).toBe(true);
      expect((await book(`Amaka ${mode.js}`, "Weekend please")).ok).toBe(true);
      await freshPage(true);
      await go("/admin/inspections");
      // Upcoming, soonest first: both bookings are there, each with what the buyer wrote.
      const amaka = page.locator("tr", { hasText: `Amaka ${mode.js}` });
      expect(await amaka.innerText()).toContain("Weekend please");
      // The phone is written as people read it, and dials the stored number.
      const phone = amaka.getByRole("link", { name: "+234 803 765 4321" });
      expect(await phone.getAttribute("href")).toBe("tel:+2348037654321");
      expect(
        await page
          .locator("tr", { hasText: `Chidi ${mode.js}` })
          .getByText("N/A")
          .count(),
      ).toBe(1);
    });

    it("adds an admin who can sign in, changes their password and signs out", async () => {
      const name = mode.js ? "tunde" : "tunde-nojs";
      await freshPage(true);
      await go("/admin/admin-management");
      const addForm = page.locator("form", { has: page.getByRole("button", { name: "Add Admin" }) });
      await field(addForm, "Username").fill(name);
      await field(addForm, "Password").fill("first-password-1");
      await field(addForm, "Your current password").fill(ADMIN_PASSWORD);
      await addForm.getByRole("button", { name: "Add Admin" }).click();
      await page.getByRole("status").filter({ hasText: "Admin added successfully" }).waitFor();
      expect(await field(addForm, "Username").inputValue()).toBe("");
      // A duplicate is a clear failure, and the success line goes.
      await field(addForm, "Username").fill(name);
      await field(addForm, "Password").fill("first-password-1");
      await field(addForm, "Your current password").fill(ADMIN_PASSWORD);
      await addForm.getByRole("button", { name: "Add Admin" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: `Failed to add admin: Username '${name}' is already taken` })
        .waitFor();
      expect(await page.getByText("Admin added successfully").count()).toBe(0);

      // Each staff row has its own actions: Reset password opens that person's form.
      const staffTable = page.getByRole("table", { name: "Staff" });
      const changeForm = page.getByRole("form", { name: `Reset ${name}'s password` });
      const reset = async (password: string, mine: string) => {
        if ((await changeForm.count()) === 0) {
          await staffTable.getByRole("link", { name: `Reset password: ${name}` }).click();
        }
        await field(changeForm, "New Password").fill(password);
        await field(changeForm, "Your current password").fill(mine);
        await changeForm.getByRole("button", { name: "Change Password" }).click();
      };
      // Resetting a colleague's password takes your own password, not theirs.
      await reset("second-password-2", "first-password-1");
      await page
        .getByRole("alert")
        .filter({ hasText: "Failed to change password: Your current password is not correct" })
        .waitFor();
      await reset("second-password-2", ADMIN_PASSWORD);
      await page.getByRole("status").filter({ hasText: "Password changed successfully" }).waitFor();
      expect(await page.getByText(/Failed to/).count()).toBe(0);
      expect(await changeForm.count()).toBe(0);
      await page.getByRole("table", { name: "Staff" }).getByText(name, { exact: true }).waitFor();

      // The new admin signs in with the password the owner typed, must choose their own first,
      // then signs out.
      await freshPage(false);
      await go("/admin/login");
      await field(page, "Username").fill(name);
      await field(page, "Password").fill("second-password-2");
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL(app.url("/admin/change-password"));
      const own = page.getByRole("form", { name: "Choose your password" });
      await field(own, "Current password").fill("second-password-2");
      await field(own, "New password").fill("their-own-password-3");
      await field(own, "New password again").fill("their-own-password-3");
      await own.getByRole("button", { name: "Save my password" }).click();
      await page.waitForURL(app.url("/admin"));
      await page.getByText(`Signed in as`).waitFor();
      await page.getByRole("button", { name: "Logout" }).first().click();
      await page.waitForURL(app.url("/admin/login"));

      // The first admin removes the new one, which signs them out everywhere at once.
      const theirs = await app.open("/admin/login", { js: mode.js });
      await field(theirs, "Username").fill(name);
      await field(theirs, "Password").fill("their-own-password-3");
      await theirs.getByRole("button", { name: "Login" }).click();
      await theirs.waitForURL(app.url("/admin"));
      await freshPage(true);
      await go("/admin/admin-management");
      await page
        .getByRole("table", { name: "Staff" })
        .getByRole("link", { name: `Remove: ${name}` })
        .click();
      const removeForm = page.getByRole("form", { name: `Remove ${name}` });
      await field(removeForm, "Your current password").fill(ADMIN_PASSWORD);
      await removeForm.getByRole("button", { name: "Remove Admin" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `Admin '${name}' removed successfully` })
        .waitFor();
      // The message (action data) shows a moment before the revalidated list does.
      const listed = page.getByRole("table", { name: "Staff" }).getByText(name, { exact: true });
      await expect.poll(() => listed.count(), { timeout: 5_000 }).toBe(0);
      await theirs.goto(app.url("/admin/create-listing"));
      await theirs.waitForURL(/\/admin\/login/);
      expect(new URL(theirs.url()).pathname).toBe("/admin/login");
    });

    if (mode.js) {
      it("refuses a file over 2 MB the browser cannot resize, naming it", async () => {
        await freshPage(true);
        await go("/admin/add-car");
        await page
          .locator("#images")
          .setInputFiles([{ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(2_097_153, 1) }]);
        await page.getByText("Each image must be under 2MB: huge.jpg").first().waitFor();
        expect(await page.locator("[data-photo] img").count()).toBe(0);
      });

      it("reports activity within a minute, so the server's idle timeout never ends a session first", async () => {
        await freshPage(true);
        await page.clock.install();
        await go("/admin/create-listing");
        const pings: number[] = [];
        page.on("request", (r) => {
          if (r.url().endsWith("/admin/keepalive")) pings.push(Date.now());
        });
        await page.clock.fastForward(10_000);
        await page.mouse.move(20, 20); // active 10 s after the page loaded, then idle
        await page.clock.fastForward(61_000);
        await expect.poll(() => pings.length, { timeout: 5_000 }).toBe(1);
        await page.clock.fastForward(120_000); // idle: nothing more to report
        expect(pings.length).toBe(1);
      });

      it("logs out after 5 minutes without a mouse move or key press", async () => {
        await freshPage(true);
        await page.clock.install();
        await go("/admin/create-listing");
        await page.mouse.move(10, 10);
        await page.clock.fastForward(4 * 60_000);
        await page.mouse.move(50, 50); // activity resets the timer
        await page.clock.fastForward(4 * 60_000);
        expect(new URL(page.url()).pathname).toBe("/admin/create-listing");
        await page.clock.fastForward(61_000);
        await page.waitForURL(/\/admin\/login\?reason=inactivity/);
        await page.getByText("Logged out due to inactivity.").waitFor();
        await page.goto(app.url("/admin"));
        expect(new URL(page.url()).pathname).toBe("/admin/login");
      });
    }
  });
}
