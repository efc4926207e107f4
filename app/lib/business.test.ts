import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config/site";
import {
  aboutParagraphs,
  closedDayError,
  dayOfDate,
  formatTime,
  hoursLines,
  initials,
  logoPreviewMeta,
  logoUrlFromMatches,
  openDaysText,
  telHref,
  type WeekHours,
  whatsappLink,
} from "./business";

const nineToFive = { open: "09:00", close: "17:00" };

describe("business helpers", () => {
  it("writes the default week as the showroom does: Mon-Fri, Sat, Sun", () => {
    expect(hoursLines(defaultBusiness.hours)).toEqual([
      { days: "Mon-Fri", time: "8:00 AM-6:00 PM" },
      { days: "Sat", time: "8:00 AM-6:00 PM" },
      { days: "Sun", time: "Closed" },
    ]);
  });

  it("splits weekdays whose hours differ and keeps the weekend apart", () => {
    const hours: WeekHours = { ...defaultBusiness.hours, wed: nineToFive, sat: null };
    expect(hoursLines(hours)).toEqual([
      { days: "Mon-Tue", time: "8:00 AM-6:00 PM" },
      { days: "Wed", time: "9:00 AM-5:00 PM" },
      { days: "Thu-Fri", time: "8:00 AM-6:00 PM" },
      { days: "Sat", time: "Closed" },
      { days: "Sun", time: "Closed" },
    ]);
  });

  it("formats times in 12-hour clock", () => {
    expect(formatTime("00:30")).toBe("12:30 AM");
    expect(formatTime("12:00")).toBe("12:00 PM");
    expect(formatTime("18:05")).toBe("6:05 PM");
  });

  it("names the open days in words", () => {
    expect(openDaysText(defaultBusiness.hours)).toBe("Monday to Saturday");
    const some: WeekHours = {
      mon: nineToFive,
      tue: null,
      wed: nineToFive,
      thu: null,
      fri: nineToFive,
      sat: null,
      sun: null,
    };
    expect(openDaysText(some)).toBe("Monday, Wednesday and Friday");
  });

  it("knows the weekday of a calendar date and refuses a closed day with the open days", () => {
    expect(dayOfDate("2026-11-29")).toBe("sun");
    expect(dayOfDate("2026-11-30")).toBe("mon");
    expect(closedDayError(defaultBusiness.hours, "2026-11-30")).toBeNull();
    expect(closedDayError(defaultBusiness.hours, "2026-11-29")).toBe(
      "We are closed on Sundays. Please pick a day we are open: Monday to Saturday.",
    );
  });

  it("builds tel: and WhatsApp links from stored numbers", () => {
    expect(telHref("+2348035550142")).toBe("tel:+2348035550142");
    expect(whatsappLink({ ...defaultBusiness, whatsapp: "+2349095550113" })).toBe(
      `https://wa.me/2349095550113?text=${encodeURIComponent(defaultBusiness.chatGreeting)}`,
    );
    expect(whatsappLink(defaultBusiness, { make: "Lexus", model: "RX 350", year: 2018 })).toContain(
      encodeURIComponent("the Lexus RX 350 2018 listed"),
    );
  });

  it("splits the About text on blank lines and draws initials", () => {
    expect(aboutParagraphs("One\nline.\n\n  Two.  \n\n\n")).toEqual(["One line.", "Two."]);
    expect(aboutParagraphs(defaultBusiness.about)).toHaveLength(3);
    expect(initials("Lekki Prime Autos")).toBe("LP");
    expect(initials("ade motors")).toBe("AM");
  });

  it("makes the logo the picture of shared links, absolute on the public origin, and nothing without a logo", () => {
    const origin = "https://shop.example.ng";
    const root = (logo: string | null) => [{ id: "root", data: { business: { ...defaultBusiness, logo }, origin } }];
    expect(logoUrlFromMatches(root("/uploads/abc.png"))).toBe("https://shop.example.ng/uploads/abc.png");
    expect(logoPreviewMeta(root("/uploads/abc.png"))).toEqual([
      { property: "og:site_name", content: defaultBusiness.name },
      { property: "og:image", content: "https://shop.example.ng/uploads/abc.png" },
      { property: "og:image:alt", content: defaultBusiness.name },
    ]);
    expect(logoPreviewMeta(root(null))).toEqual([]);
    expect(logoPreviewMeta([])).toEqual([]);
  });
});
