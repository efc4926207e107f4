import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config/site";
import { inspectionInvitation } from "./calendar";
import {
  buyerEmail,
  digestMail,
  type LeadDetails,
  longDate,
  type MailLead,
  staffAlert,
  webhookBody,
} from "./lead-mail";

const car = { id: 7, name: "Toyota Camry 2020", price: 25_000_000, url: "https://shop.ng/cars/7-toyota-camry-2020" };

const inspection: MailLead = {
  kind: "inspection",
  id: 12,
  created_at: "2026-11-25T19:05:00.000Z",
  name: "Ada Obi",
  phone: "+2348035550142",
  email: "ada@example.com",
  details: {
    kind: "inspection",
    car_make: "Toyota",
    car_model: "Camry",
    inspection_date: "2026-12-01",
    other_info: null,
  },
  car,
  url: "https://shop.ng/admin/leads/inspection/12",
};

const loan: MailLead = {
  kind: "loan",
  id: 3,
  created_at: "2026-11-25T10:00:00.000Z",
  name: "Tunde Adeyemi",
  phone: "+2349095550113",
  email: "tunde@example.com",
  details: {
    kind: "loan",
    application: {
      car_name: "Toyota Camry 2020 Black",
      loan_amount: 25_000_000,
      initial_deposit: 10_000_000,
      loan_period: "3 months",
      monthly_repayment: 5_000_000,
    },
    client: {
      age_bracket: "26 - 35",
      income_range: "400k - 800k",
      client_location: "Ikeja, Lagos",
      client_id: "Yes",
      bvn_available: "Yes",
      deposit_available: "No",
      employment_status: "Business Owner",
      referral: null,
    },
  },
  car,
  url: "https://shop.ng/admin/leads/loan/3",
};

describe("dates in words", () => {
  it("writes a booking's date as people say it", () => {
    expect(longDate("2026-12-01")).toBe("Tuesday, 1 December 2026");
    expect(longDate("2027-02-28")).toBe("Sunday, 28 February 2027");
  });
});

describe("the staff alert", () => {
  it("says who, what, the car with its price, when (Lagos time) and links to the lead", () => {
    const mail = staffAlert(inspection, defaultBusiness);
    expect(mail.subject).toBe("New inspection booking: Ada Obi, Toyota Camry 2020 on Tuesday, 1 December 2026");
    expect(mail.text).toContain("Phone: +234 803 555 0142\nEmail: ada@example.com\n");
    expect(mail.text).toContain("Car: Toyota Camry 2020, ₦25,000,000\n  https://shop.ng/cars/7-toyota-camry-2020");
    expect(mail.text).toContain("Received: 2026-11-25 20:05 (Lagos time)");
    expect(mail.text).toContain("Open the lead in the back office: https://shop.ng/admin/leads/inspection/12");
    expect(mail.html).toContain('href="https://shop.ng/admin/leads/inspection/12"');
  });

  it("shows a loan's figures: the car price, the deposit, the amount financed", () => {
    const { text } = staffAlert(loan, defaultBusiness);
    expect(text).toContain("Car price: ₦25,000,000\nInitial deposit: ₦10,000,000\nAmount to finance: ₦15,000,000\n");
    expect(text).toContain("Loan period: 3 months\nMonthly repayment: ₦5,000,000\n");
    expect(text).toContain("Employment: Business Owner");
    expect(text).not.toContain("Referral");
  });

  it("escapes what buyers wrote in the HTML", () => {
    const evil: MailLead = {
      ...inspection,
      name: '<img src=x onerror="alert(1)">',
      details: { kind: "contact", message: "<script>alert(1)</script>\nSecond line" },
      kind: "contact",
    };
    const { html, text } = staffAlert(evil, defaultBusiness);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;<br>Second line");
    expect(text).toContain("Message: <script>alert(1)</script>\n  Second line");
  });
});

describe("the buyer's email", () => {
  it("confirms a booking in the dealer's voice, with the day's hours, the address and the week's hours", () => {
    const mail = buyerEmail(inspection, defaultBusiness);
    expect(mail?.subject).toBe("Your inspection at Lekki Prime Autos on Tuesday, 1 December 2026");
    expect(mail?.text).toContain("Hello,\n");
    expect(mail?.text).toContain("We will call you on the number you gave within one working day to confirm the time.");
    expect(mail?.text).toContain("We are open: 8:00 AM to 6:00 PM that day");
    expect(mail?.text).toContain(`Where: ${defaultBusiness.address}`);
    expect(mail?.text).toContain("Opening hours: Mon-Fri: 8:00 AM-6:00 PM\n  Sat: 8:00 AM-6:00 PM\n  Sun: Closed");
    expect(mail?.text).toContain("Lekki Prime Autos\nAdmiralty Way");
  });

  it("gives a loan application its figures, a contact message an acknowledgement, a sourcing request nothing", () => {
    expect(buyerEmail(loan, defaultBusiness)?.text).toContain("Amount to finance: ₦15,000,000");
    const contact: MailLead = { ...inspection, kind: "contact", details: { kind: "contact", message: "Hi" } };
    expect(buyerEmail(contact, defaultBusiness)?.subject).toBe("We have received your message - Lekki Prime Autos");
    const sourcing: MailLead = {
      ...inspection,
      kind: "sourcing",
      email: null,
      details: { kind: "sourcing", car_wanted: "Lexus GX", budget: null, search: null },
    };
    expect(buyerEmail(sourcing, defaultBusiness)).toBeNull();
  });

  it("never repeats what the visitor typed: name, message, typed car, notes, the loan's car name, links", () => {
    const typed = "Pay at https://evil.example/verify";
    const leads: MailLead[] = [
      {
        ...inspection,
        name: typed,
        car: null,
        details: {
          kind: "inspection",
          car_make: typed,
          car_model: typed,
          inspection_date: "2026-12-01",
          other_info: typed,
        },
      },
      { ...inspection, name: typed, kind: "contact", details: { kind: "contact", message: typed } },
      {
        ...loan,
        name: typed,
        car: null,
        details: {
          ...(loan.details as Extract<LeadDetails, { kind: "loan" }>),
          application: { ...(loan.details as Extract<LeadDetails, { kind: "loan" }>).application!, car_name: typed },
        },
      },
    ];
    for (const lead of leads) {
      const mail = buyerEmail(lead, defaultBusiness)!;
      for (const part of [mail.subject, mail.text, mail.html]) expect(part, lead.kind).not.toContain("evil.example");
    }
    // The staff alert still tells staff what was sent.
    expect(staffAlert(leads[1], defaultBusiness).text).toContain(`Message: ${typed}`);
  });
});

describe("the mail layout", () => {
  it("never lets a one-line field add a line or a header; a multi-line message keeps its lines, indented", () => {
    const lead: MailLead = {
      ...inspection,
      kind: "contact",
      name: "Ada\r\nPhone: 0700 000 0000\u2028Bcc: x@evil.example",
      details: { kind: "contact", message: "Line one\nLine two" },
    };
    const mail = staffAlert(lead, defaultBusiness);
    expect(mail.subject).not.toMatch(/[\r\n\u2028]/);
    const lines = mail.text.split("\n");
    expect(lines.filter((l) => /^(Phone|Bcc):/.test(l))).toEqual(["Phone: +234 803 555 0142"]);
    expect(lines).toContain("Message: Line one");
    expect(lines).toContain("  Line two");
    expect(mail.html).not.toMatch(/[\r\u2028]/);
  });
});

describe("the webhook body", () => {
  it("carries kind, id, created_at, the lead's fields flat, the car and the link", () => {
    expect(JSON.parse(webhookBody(loan))).toEqual({
      kind: "loan",
      id: 3,
      created_at: "2026-11-25T10:00:00.000Z",
      lead: {
        name: "Tunde Adeyemi",
        phone: "+2349095550113",
        email: "tunde@example.com",
        car_name: "Toyota Camry 2020 Black",
        loan_amount: 25_000_000,
        initial_deposit: 10_000_000,
        loan_period: "3 months",
        monthly_repayment: 5_000_000,
        age_bracket: "26 - 35",
        income_range: "400k - 800k",
        client_location: "Ikeja, Lagos",
        client_id: "Yes",
        bvn_available: "Yes",
        deposit_available: "No",
        employment_status: "Business Owner",
        referral: null,
      },
      car,
      url: "https://shop.ng/admin/leads/loan/3",
    });
  });
});

describe("the digest", () => {
  it("says so when a section is empty", () => {
    const mail = digestMail(
      {
        day: "2026-12-01",
        yesterday: "2026-11-30",
        counts: [{ kind: "whatsapp", count: 4 }],
        stale: [],
        staleTotal: 0,
        inspections: [],
        inboxUrl: "https://shop.ng/admin/leads?status=new",
      },
      defaultBusiness,
    );
    expect(mail.subject).toBe("Lekki Prime Autos: 0 new leads yesterday, 0 waiting, 0 inspections today");
    expect(mail.text).toContain("- WhatsApp click: 4");
    expect(mail.text).toContain("None: every lead has been answered.");
    expect(mail.text).toContain("No inspection is booked for today.");
  });
});

describe("the calendar invitation", () => {
  it("is the visit over the day's opening hours, in UTC, at the showroom, tentative", () => {
    const ics = inspectionInvitation({
      uid: "inspection-12@shop.ng",
      date: "2026-12-05",
      car: "Toyota Camry 2020",
      business: { ...defaultBusiness, hours: { ...defaultBusiness.hours, sat: { open: "09:30", close: "14:00" } } },
      url: car.url,
    });
    const unfolded = ics.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain("BEGIN:VCALENDAR");
    expect(unfolded).toContain("METHOD:PUBLISH");
    expect(unfolded).toContain("UID:inspection-12@shop.ng");
    expect(unfolded).toContain("DTSTART:20261205T083000Z");
    expect(unfolded).toContain("DTEND:20261205T130000Z");
    expect(unfolded).toContain("SUMMARY:Car inspection at Lekki Prime Autos: Toyota Camry 2020");
    expect(unfolded).toContain("LOCATION:Admiralty Way\\, Lekki Phase 1\\, Lekki\\, Lagos\\, Nigeria");
    expect(unfolded).toContain("STATUS:TENTATIVE");
    expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it("is an all-day event on a day the showroom has since closed", () => {
    const ics = inspectionInvitation({
      uid: "inspection-1@shop.ng",
      date: "2026-12-06", // a Sunday
      car: "Kia Rio",
      business: defaultBusiness,
      url: "https://shop.ng",
    });
    expect(ics).toMatch(/DTSTART;VALUE=DATE:20261206/);
  });
});
