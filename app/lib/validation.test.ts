import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config/site";
import { SettingsSchema, settingsFormValues, settingsFromForm } from "./business-schema";
import { CarSchema } from "./car-schema";
import { addDays, ClientInfoSchema, ContactSchema, InspectionSchema, lagosToday, SourcingSchema } from "./lead-schemas";
import { LeadUpdateSchema } from "./leads";
import { NewsletterSchema } from "./newsletter-schema";
import { multiLine, oneLine, validate } from "./validation";

// Every control character a form or a script could send: C0 (NUL, tab, line feed, escape...), DEL,
// C1 (NEL...) and the Unicode line and paragraph separators.
const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 33 }, (_, i) => String.fromCharCode(0x7f + i)),
  "\u2028",
  "\u2029",
];
const hasControl = (s: string) => CONTROLS.some((c) => s.includes(c));
const hasControlButNewline = (s: string) => CONTROLS.some((c) => c !== "\n" && s.includes(c));

describe("cleaning text", () => {
  it("keeps a one-line field on one line: breaks and tabs become a space, other controls go", () => {
    expect(oneLine("Ada\r\nPhone: 0700\u0000\u2028Bcc: x")).toBe("Ada Phone: 0700 Bcc: x");
    expect(oneLine("Ada\tObi\u001b[31m\u007f")).toBe("Ada Obi[31m");
    expect(hasControl(oneLine(CONTROLS.join("x")))).toBe(false);
    expect(oneLine("Adébáyọ̀ Ọlá 🚗")).toBe("Adébáyọ̀ Ọlá 🚗");
  });

  it("keeps a multi-line field's lines as \\n and removes every other control", () => {
    expect(multiLine("one\r\ntwo\rthree\u2028four\u2029five\u0085six")).toBe("one\ntwo\nthree\nfour\nfive\nsix");
    expect(multiLine("a\tb\u0000c\u0007")).toBe("a bc");
    expect(hasControlButNewline(multiLine(CONTROLS.join("x")))).toBe(false);
  });
});

describe("the shared schemas store no control character", () => {
  const nasty = "Ada\r\nPhone: 0700\u0000\u001b\u2028Obi";

  it("in the lead forms' one-line fields, and multi-line ones keep only \\n", () => {
    const contact = validate(ContactSchema, {
      name: nasty,
      phone: "0803 555 0142\u0000",
      email: "ada@example.com\r\n",
      message: "Hello\r\nthere\u0000",
    });
    expect(contact.ok && contact.data).toMatchObject({
      name: "Ada Phone: 0700 Obi",
      phone: "+2348035550142",
      email: "ada@example.com",
      message: "Hello\nthere",
    });
    const booking = validate(InspectionSchema, {
      name: nasty,
      phone: "08035550142",
      email: "ada@example.com",
      car_make: "Toyota\n",
      car_model: "Camry\u0000",
      inspection_date: addDays(lagosToday(), 3),
      other_info: "Morning\u2028please",
    });
    expect(booking.ok && booking.data).toMatchObject({
      car_make: "Toyota",
      car_model: "Camry",
      other_info: "Morning\nplease",
    });
    const sourcing = validate(SourcingSchema, { name: nasty, phone: "08035550142", car_wanted: "Lexus\nGX" });
    expect(sourcing.ok && sourcing.data).toMatchObject({ name: "Ada Phone: 0700 Obi", car_wanted: "Lexus GX" });
    const client = ClientInfoSchema.safeParse({
      name: nasty,
      email: "ada@example.com",
      phone: "08035550142",
      age_bracket: "26 - 35",
      income_range: "400k - 800k",
      client_location: "Ikeja\r\nLagos",
      client_id: "Yes",
      bvn_available: "Yes",
      deposit_available: "No",
      employment_status: "Business Owner",
      referral: "Friend\u0000",
    });
    expect(client.success && client.data).toMatchObject({ client_location: "Ikeja Lagos", referral: "Friend" });
    const newsletter = validate(NewsletterSchema, { name: nasty, email: "ada@example.com" });
    expect(newsletter.ok && newsletter.data.name).toBe("Ada Phone: 0700 Obi");
    const note = LeadUpdateSchema.safeParse({ note: "Called\r\nno answer\u0007" });
    expect(note.success && note.data.note).toBe("Called\nno answer");
  });

  it("in the car form, the business settings and the mark-sold body", () => {
    const car = validate(CarSchema, {
      make: "Toyota\r\n",
      model: "Camry\u0000",
      year: "2020",
      price: "25000000",
      condition: "Foreign Used",
      engine_capacity: "2.5L",
      engine_size: "V4",
      custom_paper: "Yes",
      body_type: "Sedan",
      drive_train: "FWD",
      color: "Black\u2028",
      car_description: "Clean\r\ncar\u0000",
    });
    expect(car.ok && car.data).toMatchObject({
      make: "Toyota",
      model: "Camry",
      color: "Black",
      car_description: "Clean\ncar",
    });
    const form = settingsFormValues(defaultBusiness);
    const settings = SettingsSchema.safeParse(
      settingsFromForm({ ...form, name: "Lekki\r\nPrime\u0000", about: "Line\r\nnext\u0000" }),
    );
    expect(settings.success && settings.data).toMatchObject({ name: "Lekki Prime", about: "Line\nnext" });
  });
});
