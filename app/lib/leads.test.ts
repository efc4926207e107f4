import { describe, expect, it } from "vitest";
import { isCalendarDate, lagosDate, lagosDateTime, lagosDayEnd, lagosDayStart, monthsBetween } from "./lagos-time";
import {
  filtersFor,
  LeadUpdateSchema,
  leadActivity,
  leadCsvFilename,
  leadCsvRow,
  leadFilterQuery,
  leadName,
  leadScope,
  parseLeadFilters,
  parseLeadId,
  telUrl,
  whatsappChatUrl,
} from "./leads";
import { formatWait, median, parseReportRange, percent, reportCsv } from "./report";
import { validate } from "./validation";

describe("inbox filters", () => {
  it("reads every filter and names the unreadable ones", () => {
    const params = new URLSearchParams("kind=Loan&status=won&from=2026-03-01&to=2026-03-31&car=12&q=%20ade%20");
    expect(parseLeadFilters(params)).toEqual({
      filters: { kind: "loan", status: "won", from: "2026-03-01", to: "2026-03-31", car: 12, q: "ade" },
      ignored: [],
    });
    const bad = parseLeadFilters(new URLSearchParams("kind=fax&status=maybe&from=2026-02-30&to=soon&car=-"));
    expect(bad).toEqual({ filters: {}, ignored: ["kind", "status", "from", "to", "car"] });
    // A car is its id, or its name or stock number as typed.
    expect(parseLeadFilters(new URLSearchParams("car=Camry")).filters).toEqual({ car: "Camry" });
    expect(parseLeadFilters(new URLSearchParams("car=LPA-000012")).filters).toEqual({ car: "LPA-000012" });
    expect(parseLeadFilters(new URLSearchParams("kind=all&status=&car="))).toEqual({ filters: {}, ignored: [] });
  });

  it("reads what to show: leads to answer, the signals counted apart, or incomplete loan applications", () => {
    const read = (q: string) => parseLeadFilters(new URLSearchParams(q));
    expect(read("category=lead&status=new").filters).toEqual({ category: "lead", status: "new" });
    expect(read("category=Incomplete").filters).toEqual({ category: "incomplete" });
    expect(read("category=all").filters).toEqual({ category: "all" });
    expect(read("category=people")).toEqual({ filters: {}, ignored: ["category"] });
    expect(leadFilterQuery({ status: "new", category: "lead", assignee: "me" })).toBe(
      "?category=lead&status=new&assignee=me",
    );
  });

  it("reads the assignee: me, none or a username; anything else is ignored and named", () => {
    const read = (q: string) => parseLeadFilters(new URLSearchParams(q));
    expect(read("assignee=ME").filters).toEqual({ assignee: "me" });
    expect(read("assignee=none").filters).toEqual({ assignee: "none" });
    expect(read("assignee=Tunde.O").filters).toEqual({ assignee: "Tunde.O" });
    expect(read("assignee=a%20b")).toEqual({ filters: {}, ignored: ["assignee"] });
    const owner = { id: 1, username: "tunde", role: "owner" } as const;
    expect(filtersFor({ assignee: "me", status: "new" }, owner)).toEqual({ assignee: "tunde", status: "new" });
    expect(filtersFor({ assignee: "none" }, owner)).toEqual({ assignee: "none" });
  });

  it("limits a sales account's lists to its own leads and the new unassigned ones; an owner's to nothing", () => {
    const sales = { id: 7, username: "ada", role: "sales" } as const;
    expect(filtersFor({ kind: "contact" }, sales)).toEqual({ kind: "contact", visibleTo: 7 });
    expect(filtersFor({ assignee: "me" }, sales)).toEqual({ assignee: "ada", visibleTo: 7 });
    expect(leadScope(sales)).toBe(7);
    expect(leadScope({ ...sales, role: "owner" })).toBeUndefined();
  });

  it("writes a canonical query string without empty values", () => {
    expect(leadFilterQuery({})).toBe("");
    expect(leadFilterQuery({ status: "new", q: "a b", car: 3 })).toBe("?status=new&car=3&q=a+b");
  });

  it("takes lead ids as non-zero integers (loan leads from client information alone are negative)", () => {
    expect(parseLeadId("12")).toBe(12);
    expect(parseLeadId("-4")).toBe(-4);
    expect(parseLeadId("0")).toBeNull();
    expect(parseLeadId("1.5")).toBeNull();
    expect(parseLeadId(undefined)).toBeNull();
  });
});

describe("a change to a lead", () => {
  it("takes a status and/or a note; a blank or null note clears it; a bad status is refused", () => {
    expect(validate(LeadUpdateSchema, { status: "contacted", note: " Called, coming Saturday " })).toMatchObject({
      ok: true,
      data: { status: "contacted", note: "Called, coming Saturday" },
    });
    expect(validate(LeadUpdateSchema, { note: null })).toMatchObject({ ok: true, data: { note: null } });
    expect(validate(LeadUpdateSchema, { status: "won" })).toMatchObject({ ok: true, data: { status: "won" } });
    expect(validate(LeadUpdateSchema, { status: "closed" })).toMatchObject({
      ok: false,
      fieldErrors: { status: "Status must be one of: new, contacted, won, lost" },
    });
    expect(validate(LeadUpdateSchema, {})).toMatchObject({
      ok: false,
      fieldErrors: { status: "Send a status, a note or an assignee" },
    });
    expect(validate(LeadUpdateSchema, { assignee: null })).toMatchObject({ ok: true, data: { assignee: null } });
    expect(validate(LeadUpdateSchema, { assignee: " tunde " })).toMatchObject({
      ok: true,
      data: { assignee: "tunde" },
    });
    expect(validate(LeadUpdateSchema, { assignee: 3 })).toMatchObject({ ok: false });
    expect(validate(LeadUpdateSchema, { note: "x".repeat(1001) })).toMatchObject({ ok: false });
  });

  it("is described for the audit trail", () => {
    const lead = { kind: "contact" as const, id: 7, name: "Aisha", status: "won" as const, note: "Paid deposit" };
    expect(leadActivity(lead, { changed: ["status", "note"], before: { status: "new", note: null } })).toEqual({
      action: "lead.update",
      target: { id: "contact/7", label: "Contact message: Aisha" },
      detail: "status New → Won; note: Paid deposit",
    });
    expect(leadName({ kind: "loan", name: null })).toBe("Incomplete");
    expect(leadName({ kind: "whatsapp", name: null })).toBe("WhatsApp visitor");
    expect(leadName({ kind: "loan", name: "Tunde" })).toBe("Tunde");
    const click = { kind: "whatsapp" as const, id: 3, name: null, status: "lost" as const, note: null };
    expect(leadActivity(click, { changed: ["note"], before: { status: "lost", note: "x" } }).detail).toBe(
      "note cleared",
    );
  });
});

describe("answer links", () => {
  it("makes tel: and wa.me links from a stored phone", () => {
    expect(telUrl("+2348035550142")).toBe("tel:+2348035550142");
    expect(whatsappChatUrl("+2348035550142")).toBe("https://wa.me/2348035550142");
  });
});

describe("the leads CSV", () => {
  it("writes a lead as one row in Lagos time, with the phone in its usual writing and the car by name", () => {
    const base = {
      kind: "contact" as const,
      id: 5,
      created_at: "2026-03-01T10:00:00.000Z",
      status: "new" as const,
      name: "Aisha",
      phone: null,
      email: null,
      summary: "Hello",
      note: null,
      updated_by: null,
      updated_at: null,
    };
    const row = leadCsvRow({
      kind: "inspection",
      id: 4,
      created_at: "2026-03-01T23:30:00.000Z",
      status: "contacted",
      name: "Adéolá",
      phone: "+2348035550142",
      email: "ade@example.com",
      car_id: 12,
      car: {
        id: 12,
        title: "Toyota Camry 2020",
        exists: true,
        sold: false,
        url: "https://shop.ng/cars/12-toyota-camry-2020",
      },
      summary: "Toyota Camry, inspection on 2026-03-05",
      note: null,
      updated_by: "boss",
      updated_at: "2026-03-02T08:00:00.000Z",
    });
    expect(row).toEqual([
      "Inspection",
      4,
      "2026-03-02 00:30",
      "Contacted",
      "Adéolá",
      "+234 803 555 0142",
      "ade@example.com",
      12,
      "Toyota Camry 2020",
      "https://shop.ng/cars/12-toyota-camry-2020",
      "Toyota Camry, inspection on 2026-03-05",
      null,
      "boss",
      "2026-03-02 09:00",
      null,
      null,
      null,
      null,
    ]);
    const reservation = {
      amount: 100_000,
      reference: "LPA-1a2b",
      status: "paid",
      hold_until: "2026-03-04T13:00:00.000Z",
    };
    expect(leadCsvRow({ ...base, kind: "reservation", car_id: null, car: null, reservation }).slice(-4)).toEqual([
      100_000,
      "LPA-1a2b",
      "paid",
      "2026-03-04 14:00",
    ]);
    const gone = { id: 9, title: "Kia Rio 2019", exists: false, sold: false, url: null };
    expect(leadCsvRow({ ...base, car_id: 9, car: gone }).slice(7, 10)).toEqual([9, "Kia Rio 2019 (deleted)", null]);
    expect(leadCsvRow({ ...base, car_id: null, car: null }).slice(7, 10)).toEqual([null, null, null]);
    const now = new Date("2026-11-22T23:30:00Z");
    expect(leadCsvFilename({}, now)).toBe("leads-2026-11-23.csv");
    expect(leadCsvFilename({ kind: "newsletter" }, now)).toBe("newsletter-subscribers-2026-11-23.csv");
  });
});

describe("Lagos time", () => {
  it("turns Lagos days into UTC bounds (UTC+1 all year)", () => {
    expect(lagosDayStart("2026-03-01")).toBe("2026-02-28T23:00:00.000Z");
    expect(lagosDayEnd("2026-12-31")).toBe("2026-12-31T23:00:00.000Z");
    expect(lagosDate("2026-12-31T23:30:00.000Z")).toBe("2027-01-01");
    expect(lagosDateTime("2026-06-01T12:05:00.000Z")).toBe("2026-06-01 13:05");
    expect(lagosDateTime(null)).toBe("");
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(monthsBetween("2025-11-15", "2026-02-01")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-03-01", "2026-02-01")).toEqual([]);
  });
});

describe("the report's range and CSV", () => {
  const now = new Date("2026-05-10T12:00:00Z");
  it("defaults to this year and refuses bad, backwards or too long ranges", () => {
    expect(parseReportRange(new URLSearchParams(), now)).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
      problem: null,
    });
    expect(parseReportRange(new URLSearchParams("from=2025-07-01&to=2026-06-30"), now)).toEqual({
      from: "2025-07-01",
      to: "2026-06-30",
      problem: null,
    });
    expect(parseReportRange(new URLSearchParams("from=2026-13-01"), now).problem).toBe(
      "Enter the dates as YYYY-MM-DD.",
    );
    expect(parseReportRange(new URLSearchParams("from=2026-05-01&to=2026-04-01"), now).problem).toBe(
      "The start date must be on or before the end date.",
    );
    expect(parseReportRange(new URLSearchParams("from=2020-01-01&to=2026-01-01"), now)).toMatchObject({
      from: "2026-01-01",
      problem: "A report can cover at most 36 months.",
    });
  });

  it("writes one row per month, a total, the summary and the staff's times to a first status change", () => {
    expect(percent(0.25)).toBe("25.0%");
    expect(percent(1 / 3)).toBe("33.3%");
    expect(percent(null)).toBe("N/A");
    const zero = [0, 0];
    const text = reportCsv({
      range: { from: "2026-01-01", to: "2026-02-28" },
      months: ["2026-01", "2026-02"],
      stock: { count: 3, value: 45_000_000 },
      sales: {
        count: [1, 2],
        value: [10_000_000, 30_000_000],
        totalCount: 3,
        totalValue: 40_000_000,
        withoutPrice: 0,
        averageDaysToSale: 12.5,
      },
      leads: {
        byKind: { inspection: [1, 0], contact: zero, loan: [0, 2], sourcing: [0, 1], reservation: zero },
        total: 4,
        won: 2,
        wonShare: 0.5,
        incomplete: 1,
      },
      signals: { whatsapp: [3, 0], newsletter: [0, 5] },
      reservations: {
        deposits: [2, 1],
        depositValue: [200_000, 100_000],
        totalDeposits: 3,
        totalDepositValue: 300_000,
        refunds: 1,
        converted: [0, 1],
        totalConverted: 1,
      },
      firstResponse: {
        staff: [
          { staff: "ada", answered: 2, medianMs: 90 * 60_000 },
          { staff: "bayo", answered: 1, medianMs: 26 * 3_600_000 },
        ],
        answered: 3,
        unanswered: 1,
        medianMs: 2 * 3_600_000,
      },
    });
    expect(text.split("\r\n")).toEqual([
      "\uFEFFMonth,Cars sold,Sales value (NGN),Inspection leads,Contact message leads,Loan application leads," +
        "Sourcing request leads,Reservation leads,All leads,WhatsApp clicks,Newsletter sign-ups," +
        "Deposits taken,Deposits (NGN),Reservations converted",
      "2026-01,1,10000000,1,0,0,0,0,1,3,0,2,200000,0",
      "2026-02,2,30000000,0,0,2,1,0,3,0,5,1,100000,1",
      "Total,3,40000000,1,0,2,1,0,4,3,5,3,300000,1",
      "",
      "Period,2026-01-01 to 2026-02-28",
      "Stock on hand (cars),3",
      "Stock value (NGN),45000000",
      "Average days from listing to sale,12.5",
      "Sales without a recorded price,0",
      "Leads won,2",
      "Share of leads won,50.0%",
      "Incomplete loan applications (not counted as leads),1",
      "Deposits refunded or to refund,1",
      "",
      "Staff member,Leads answered,Median hours to first status change",
      "ada,2,1.5",
      "bayo,1,26",
      "Everyone,3,2",
      "Not yet answered,1",
      "",
    ]);
  });

  it("takes the median and writes a wait in words", () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 4])).toBe(4);
    expect(median([10, 2, 4, 8])).toBe(6);
    expect(formatWait(null)).toBe("N/A");
    expect(formatWait(20_000)).toBe("under a minute");
    expect(formatWait(45 * 60_000)).toBe("45 min");
    expect(formatWait(2 * 3_600_000)).toBe("2 h");
    expect(formatWait(2 * 3_600_000 + 5 * 60_000)).toBe("2 h 5 min");
    expect(formatWait(24 * 3_600_000)).toBe("1 day");
    expect(formatWait(76 * 3_600_000 + 10 * 60_000)).toBe("3 days 4 h");
  });
});
