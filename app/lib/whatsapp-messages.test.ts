import { describe, expect, it } from "vitest";
import type { MailLead } from "./lead-mail";
import {
  alertChatText,
  alertWhatsapp,
  DEFAULT_WHATSAPP_TEMPLATES,
  leadWhatsapp,
  whatsappNumberField,
  whatsappRecipient,
  whatsappRecipientLabel,
  whatsappTemplatesSchema,
} from "./whatsapp-messages";

const lead = (over: Partial<MailLead> = {}): MailLead => ({
  kind: "inspection",
  id: 7,
  created_at: "2026-11-27T08:00:00.000Z",
  name: "Chinedu\n\tOkafor",
  phone: "+2348035550142",
  email: null,
  details: {
    kind: "inspection",
    car_make: "Toyota",
    car_model: "Camry",
    inspection_date: "2026-12-01",
    other_info: null,
  },
  car: null,
  url: "https://lekkiprimeautos.ng/admin/leads/inspection/7",
  ...over,
});

describe("WhatsApp messages", () => {
  it("fill the lead template: kind, name, phone, car, link; each placeholder on one line", () => {
    const { subject, payload } = leadWhatsapp(lead(), DEFAULT_WHATSAPP_TEMPLATES);
    expect(subject).toBe("New inspection booking: Chinedu Okafor");
    expect(JSON.parse(payload)).toEqual({
      template: "new_lead_alert",
      language: "en",
      parameters: [
        "inspection booking",
        "Chinedu Okafor",
        "+234 803 555 0142",
        "Toyota Camry",
        "https://lekkiprimeautos.ng/admin/leads/inspection/7",
      ],
    });
    const stock = leadWhatsapp(
      lead({ car: { id: 3, name: "Lexus RX 350 2020", price: 38_500_000, url: "https://x.ng/cars/3" }, name: null }),
      { lead: "l", alert: "a", language: "en_GB" },
    );
    const filled = JSON.parse(stock.payload);
    expect([filled.template, filled.language]).toEqual(["l", "en_GB"]);
    expect(filled.parameters.slice(0, 4)).toEqual([
      "inspection booking",
      "Not given",
      "+234 803 555 0142",
      "Lexus RX 350 2020, ₦38,500,000",
    ]);
  });

  it("fill the alert template, cutting a long text and squeezing spaces", () => {
    const what = alertChatText.matches("Lexus", [
      { name: "Lexus RX 350 2020", price: 28_000_000 },
      { name: "Lexus ES     2019", price: 22_000_000 },
    ]);
    expect(what).toBe(
      '2 new cars for your alert "Lexus": Lexus RX 350 2020, ₦28,000,000; Lexus ES     2019, ₦22,000,000.',
    );
    const { payload } = alertWhatsapp(what + "x".repeat(700), "https://x.ng/browse", "https://x.ng/alerts/manage/t", {
      ...DEFAULT_WHATSAPP_TEMPLATES,
    });
    const [first, see, stop] = JSON.parse(payload).parameters as string[];
    expect(first).toHaveLength(600);
    expect(first).not.toMatch(/ {2}/);
    expect(first.endsWith("…")).toBe(true);
    expect([see, stop]).toEqual(["https://x.ng/browse", "https://x.ng/alerts/manage/t"]);
  });

  it("take Nigerian mobile numbers in any usual form and send them without +", () => {
    expect(whatsappNumberField.parse("0803 555 0142")).toBe("+2348035550142");
    expect(whatsappNumberField.parse("+234 (0) 803-555-0142")).toBe("+2348035550142");
    expect(whatsappNumberField.parse("")).toBeNull();
    expect(whatsappNumberField.parse(null)).toBeNull();
    expect(whatsappNumberField.safeParse("0803 555").error?.issues[0].message).toBe(
      "Enter a Nigerian mobile number, e.g. 0803 555 0142",
    );
    expect(whatsappRecipient("+2348035550142")).toBe("2348035550142");
    expect(whatsappRecipientLabel("2348035550142")).toBe("+234 803 555 0142");
  });

  it("check template names and the language code as WhatsApp Manager writes them", () => {
    expect(whatsappTemplatesSchema.parse({ lead: " new_lead_2 ", alert: "car_alert", language: "en_US" })).toEqual({
      lead: "new_lead_2",
      alert: "car_alert",
      language: "en_US",
    });
    const bad = whatsappTemplatesSchema.safeParse({ lead: "New Lead", alert: "", language: "English" });
    expect([...new Set(bad.error?.issues.map((i) => i.path.join(".")))]).toEqual(["lead", "alert", "language"]);
  });
});
