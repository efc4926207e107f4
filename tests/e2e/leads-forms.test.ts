// Book Inspection and Connect with Us, in Chromium, with JavaScript on and off.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { addDays, lagosToday } from "~/lib/lead-schemas";
import { DESKTOP, JS_MODES, launchBrowser, openPage, readRows, PHONE, screenshot, startServer, type TestServer } from "./harness";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = <T>(sql: string, ...args: unknown[]) => readRows<T>(server, sql, ...args);

const open = (js: boolean, path: string, viewport = DESKTOP) => openPage(browser, server, { js, path, viewport });

describe.each(JS_MODES)("Book Inspection $label", ({ js }) => {
  it("prefills the car from the car page link, books, shows the success message and resets the form", async () => {
    const page = await open(js, "/book-inspection?make=Toyota&model=Camry");
    const form = page.getByRole("form", { name: "Book an inspection" });
    await expect(form.getByLabel("Car make").inputValue()).resolves.toBe("Toyota");
    await expect(form.getByLabel("Car model").inputValue()).resolves.toBe("Camry");
    const name = `Inspection Buyer ${js ? "JS" : "NoJS"}`;
    await form.getByLabel("Full name").fill(name);
    await form.getByLabel("Phone number").fill("0803 555 0142");
    await form.getByLabel("Email address").fill("buyer@example.com");
    await form.getByLabel("Inspection date").fill(addDays(lagosToday(), 2));
    await form.getByLabel("Other information").fill("Morning please");
    await form.getByRole("button", { name: "Submit" }).click();

    const status = page.getByRole("status").filter({ hasText: "Inspection booked successfully!" });
    await status.waitFor();
    await expect(page.getByRole("form", { name: "Book an inspection" }).getByLabel("Full name").inputValue()).resolves.toBe("");
    const stored = rows<{ phone: string; car_make: string; other_info: string }>("SELECT * FROM inspections WHERE name = ?", name);
    expect(stored).toEqual([expect.objectContaining({ phone: "+2348035550142", car_make: "Toyota", other_info: "Morning please" })]);
    await page.context().close();
  });

  it("refuses a foreign phone number with the failure message and keeps what was typed", async () => {
    const page = await open(js, "/book-inspection");
    const form = page.getByRole("form", { name: "Book an inspection" });
    await form.getByLabel("Full name").fill("Refused Buyer");
    await form.getByLabel("Phone number").fill("+44 20 7946 0958");
    await form.getByLabel("Email address").fill("refused@example.com");
    await form.getByLabel("Car make").fill("Honda");
    await form.getByLabel("Car model").fill("Accord");
    await form.getByLabel("Inspection date").fill(lagosToday());
    await form.getByRole("button", { name: "Submit" }).click();

    await page.getByRole("alert").filter({ hasText: "Error booking inspection" }).waitFor();
    await expect(page.getByText("Enter a Nigerian mobile number").first().isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Refused Buyer");
    await expect(page.getByLabel("Car model").inputValue()).resolves.toBe("Accord");
    expect(rows("SELECT id FROM inspections WHERE name = 'Refused Buyer'")).toHaveLength(0);
    await page.context().close();
  });
});

describe.each(JS_MODES)("Connect with Us $label", ({ js }) => {
  it("shows the phone and chat links, sends a message and clears the form", async () => {
    const page = await open(js, "/connect");
    await expect(page.getByTestId("call-link").getAttribute("href")).resolves.toBe(`tel:${site.companyPhone.replace(/\s/g, "")}`);
    await expect(page.getByTestId("whatsapp-link").getAttribute("href")).resolves.toMatch(new RegExp(`^https://wa\\.me/${site.companyPhoneDigits}\\?text=`));
    const form = page.getByRole("form", { name: "Send us a message" });
    const name = `Contact Buyer ${js ? "JS" : "NoJS"}`;
    await form.getByLabel("Full Name").fill(name);
    await form.getByLabel("Phone Number").fill("+234 812 555 0178");
    await form.getByLabel("Email Address").fill("contact@example.com");
    await form.getByLabel("Your Message").fill("Is the Lexus RX still available?");
    await form.getByRole("button", { name: "Send Message" }).click();

    await page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();
    await expect(page.getByLabel("Your Message").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Full Name").inputValue()).resolves.toBe("");
    expect(rows("SELECT id FROM contact_messages WHERE name = ? AND phone = '+2348125550178'", name)).toHaveLength(1);
    await page.context().close();
  });

  it("shows 'Error sending message' for a malformed email and keeps the message", async () => {
    const page = await open(js, "/connect");
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByLabel("Full Name").fill("Bad Email");
    await form.getByLabel("Phone Number").fill("08035550142");
    // Passes the browser's email check, fails ours (no dot in the domain is fine for browsers).
    await form.getByLabel("Email Address").fill("bad@localhost");
    await form.getByLabel("Your Message").fill("Keep this text");
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("alert").filter({ hasText: "Error sending message" }).waitFor();
    await expect(page.getByLabel("Your Message").inputValue()).resolves.toBe("Keep this text");
    expect(rows("SELECT id FROM contact_messages WHERE name = 'Bad Email'")).toHaveLength(0);
    await page.context().close();
  });
});

describe("lead form screenshots", () => {
  it("captures /book-inspection and /connect on a phone and a desktop", async () => {
    for (const [label, viewport] of [["390", PHONE], ["1280", DESKTOP]] as const) {
      for (const [path, name] of [["/book-inspection?make=Lexus&model=RX%20350", "book-inspection"], ["/connect", "connect"]]) {
        const page = await open(true, path, viewport);
        await screenshot(page, `leads-${name}-${label}`);
        await page.context().close();
      }
    }
  });
});
