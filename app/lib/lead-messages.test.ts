import { describe, expect, it } from "vitest";
import { INSPECTION_VIEWS, parseInspectionView } from "./inspection-views";
import { calendarDayLabel } from "./lagos-time";
import {
  carName,
  inspectionBookedDetail,
  loanSubmittedDetail,
  messageSentDetail,
  sourcingSentDetail,
} from "./lead-messages";
import { newsletterIntro, subscribedDetail } from "./newsletter-messages";

describe("what a buyer reads after sending a form", () => {
  it("names the car, the day and the call that confirms a booking", () => {
    expect(carName({ make: "Toyota", model: "Camry", year: 2020 })).toBe("Toyota Camry 2020");
    expect(inspectionBookedDetail({ car: "Toyota Camry 2020", date: "2026-03-05", phone: "+2348035550142" })).toBe(
      "We have you down to see the Toyota Camry 2020 on Thursday 5 March 2026. " +
        "We confirm by phone within one working day, on +234 803 555 0142.",
    );
  });

  it("says where a message went and how the answer comes", () => {
    const sent = { phone: "+2348125550178", email: "aisha@example.com" };
    expect(messageSentDetail({ ...sent, car: "Lexus RX 350 2021" })).toBe(
      "Your message about the Lexus RX 350 2021 is with our sales team. We reply within one working day, " +
        "by phone on +234 812 555 0178 or by email to aisha@example.com.",
    );
    expect(messageSentDetail({ ...sent, car: null })).toMatch(/^Your message is with our sales team\./);
  });

  it("repeats a loan application's figures: the amount financed, the deposit, the monthly figure", () => {
    expect(
      loanSubmittedDetail({
        carName: "Toyota Camry 2020 Black",
        price: 25_000_000,
        deposit: 10_000_000,
        monthly: 5_000_000,
        period: "3 months",
        phone: "+2349095550113",
      }),
    ).toBe(
      "Your application for the Toyota Camry 2020 Black is with our finance team: ₦15,000,000 financed after a " +
        "₦10,000,000 deposit, ₦5,000,000 a month over 3 months. We call you on +234 909 555 0113 within one " +
        "working day to go through the next steps.",
    );
  });

  it("tells a subscriber and a sourcing request what comes next", () => {
    // Only what is really sent: the weekly new-arrivals email, after confirming; nothing without email.
    expect(subscribedDetail("ada@example.com", true)).toMatch(/^Check ada@example.com for our email with a link/);
    expect(subscribedDetail("ada@example.com", false)).toMatch(/nothing will come to ada@example.com/);
    for (const mail of [true, false]) {
      expect(`${newsletterIntro(mail)} ${subscribedDetail("a@b.ng", mail)}`).not.toMatch(/price drop|financing/i);
    }
    expect(sourcingSentDetail({ carWanted: "Lexus GX 460", budget: 30_000_000, phone: "+2348035550142" })).toBe(
      "We are looking for a Lexus GX 460 within ₦30,000,000 for you and call you on +234 803 555 0142 within one " +
        "working day.",
    );
    expect(sourcingSentDetail({ carWanted: "Kia Rio", budget: null, phone: "+2348035550142" })).toMatch(
      /^We are looking for a Kia Rio for you/,
    );
  });
});

describe("days and the inspection views", () => {
  it("writes a calendar day in words, the same on every device", () => {
    expect(calendarDayLabel("2026-03-05")).toBe("Thursday 5 March 2026");
    expect(calendarDayLabel("2028-02-29")).toBe("Tuesday 29 February 2028");
    expect(calendarDayLabel("soon")).toBe("soon");
  });

  it("reads ?view=, Upcoming for anything else", () => {
    expect(INSPECTION_VIEWS).toEqual(["upcoming", "today", "past"]);
    expect(parseInspectionView("Past")).toBe("past");
    expect(parseInspectionView("today")).toBe("today");
    expect(parseInspectionView("tomorrow")).toBe("upcoming");
    expect(parseInspectionView(null)).toBe("upcoming");
  });
});
