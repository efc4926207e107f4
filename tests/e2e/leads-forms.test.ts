// Book Inspection and Connect with Us, in Chromium, with JavaScript on and off.
import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config/site";
import { openDayFrom } from "../helpers/leads";
import { DESKTOP, JS_MODES, PHONE, screenshot, scrollWidth, settled, setupE2E } from "./harness";

const app = setupE2E({ browser: true });

describe.each(JS_MODES)("Book Inspection $label", ({ js }) => {
  it("prefills the car from the car page link, books, shows the success message and resets the form", async () => {
    const page = await app.open("/book-inspection?make=Toyota&model=Camry", { js });
    const form = page.getByRole("form", { name: "Book an inspection" });
    await expect(form.getByLabel("Car make").inputValue()).resolves.toBe("Toyota");
    await expect(form.getByLabel("Car model").inputValue()).resolves.toBe("Camry");
    const name = `Inspection Buyer ${js ? "JS" : "NoJS"}`;
    await form.getByLabel("Full name").fill(name);
    // Each mode is another buyer: the same phone, car and date within 10 minutes is one booking.
    await form.getByLabel("Phone number").fill(js ? "0803 555 0142" : "0803 555 0143");
    await form.getByLabel("Email address").fill(js ? "buyer@example.com" : "buyer-nojs@example.com");
    await form.getByLabel("Inspection date").fill(openDayFrom(2));
    await form.getByLabel("Other information").fill("Morning please");
    await form.getByRole("button", { name: "Submit" }).click();

    const status = page.getByRole("status").filter({ hasText: "Inspection booked successfully!" });
    await status.waitFor();
    await expect(
      page.getByRole("form", { name: "Book an inspection" }).getByLabel("Full name").inputValue(),
    ).resolves.toBe("");
    const stored = app.rows<{ phone: string; car_make: string; other_info: string }>(
      "SELECT * FROM inspections WHERE name = ?",
      name,
    );
    expect(stored).toEqual([
      expect.objectContaining({
        phone: js ? "+2348035550142" : "+2348035550143",
        car_make: "Toyota",
        other_info: "Morning please",
      }),
    ]);
  });

  it("refuses a foreign phone number with the failure message and keeps what was typed", async () => {
    const page = await app.open("/book-inspection", { js });
    const form = page.getByRole("form", { name: "Book an inspection" });
    await form.getByLabel("Full name").fill("Refused Buyer");
    await form.getByLabel("Phone number").fill("+44 20 7946 0958");
    await form.getByLabel("Email address").fill("refused@example.com");
    await form.getByLabel("Car make").fill("Honda");
    await form.getByLabel("Car model").fill("Accord");
    await form.getByLabel("Inspection date").fill(openDayFrom(0));
    await form.getByRole("button", { name: "Submit" }).click();

    await page.getByRole("alert").filter({ hasText: "Error booking inspection" }).waitFor();
    await expect(page.getByText("Enter a Nigerian mobile number").first().isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Refused Buyer");
    await expect(page.getByLabel("Car model").inputValue()).resolves.toBe("Accord");
    expect(app.rows("SELECT id FROM inspections WHERE name = 'Refused Buyer'")).toHaveLength(0);
  });
});

describe.each(JS_MODES)("Connect with Us $label", ({ js }) => {
  it("shows the phone and chat links, sends a message and clears the form", async () => {
    const page = await app.open("/connect", { js });
    await expect(page.getByTestId("call-link").getAttribute("href")).resolves.toBe(`tel:${defaultBusiness.phones[0]}`);
    // The chat link goes through /go/whatsapp (it counts the click), which sends the visitor on to wa.me.
    const chat = await page.getByTestId("whatsapp-link").getAttribute("href");
    expect(chat).toBe("/go/whatsapp?from=%2Fconnect");
    const onward = await fetch(app.url(chat!), { method: "HEAD", redirect: "manual" });
    expect(onward.status).toBe(302);
    expect(onward.headers.get("Location")).toMatch(
      new RegExp(`^https://wa\\.me/${defaultBusiness.whatsapp.slice(1)}\\?text=`),
    );
    const form = page.getByRole("form", { name: "Send us a message" });
    const name = `Contact Buyer ${js ? "JS" : "NoJS"}`;
    await form.getByLabel("Full Name").fill(name);
    // Each mode is another buyer: the same phone and message within 10 minutes is one message.
    await form.getByLabel("Phone Number").fill(js ? "+234 812 555 0178" : "+234 812 555 0179");
    await form.getByLabel("Email Address").fill(js ? "contact@example.com" : "contact-nojs@example.com");
    await form.getByLabel("Your Message").fill("Is the Lexus RX still available?");
    await form.getByRole("button", { name: "Send Message" }).click();

    await page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();
    await expect(page.getByLabel("Your Message").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Full Name").inputValue()).resolves.toBe("");
    const phone = js ? "+2348125550178" : "+2348125550179";
    expect(app.rows("SELECT id FROM contact_messages WHERE name = ? AND phone = ?", name, phone)).toHaveLength(1);
  });

  it("shows 'Error sending message' for a malformed email and keeps the message", async () => {
    const page = await app.open("/connect", { js });
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByLabel("Full Name").fill("Bad Email");
    await form.getByLabel("Phone Number").fill("08035550142");
    // Passes the browser's email check, fails ours (no dot in the domain is fine for browsers).
    await form.getByLabel("Email Address").fill("bad@localhost");
    await form.getByLabel("Your Message").fill("Keep this text");
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("alert").filter({ hasText: "Error sending message" }).waitFor();
    await expect(page.getByLabel("Your Message").inputValue()).resolves.toBe("Keep this text");
    expect(app.rows("SELECT id FROM contact_messages WHERE name = 'Bad Email'")).toHaveLength(0);
  });
});

describe("lead forms on a phone and a desktop", () => {
  for (const [label, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    it(`fit a ${label} px screen, show every field and the submit button, and log no errors`, async () => {
      const pages = [
        [
          "book-inspection",
          "/book-inspection?make=Lexus&model=RX%20350",
          "Book an inspection",
          "Submit",
          [
            "Full name",
            "Phone number",
            "Email address",
            "Car make",
            "Car model",
            "Inspection date",
            "Other information",
          ],
        ],
        [
          "connect",
          "/connect",
          "Send us a message",
          "Send Message",
          ["Full Name", "Phone Number", "Email Address", "Your Message"],
        ],
      ] as const;
      for (const [name, path, formName, submit, labels] of pages) {
        const page = await app.open(path, { js: true, viewport });
        await settled(page);
        await screenshot(page, `leads-${name}-${label}`);
        expect(await scrollWidth(page), path).toBeLessThanOrEqual(viewport.width);
        const form = page.getByRole("form", { name: formName });
        for (const field of labels)
          await expect(form.getByLabel(field).isVisible(), `${path}: ${field}`).resolves.toBe(true);
        await expect(form.getByRole("button", { name: submit }).isVisible(), path).resolves.toBe(true);
        expect(app.consoleErrors(page), path).toEqual([]);
      }
    });
  }
});
