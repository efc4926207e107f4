import { describe, expect, it } from "vitest";
import {
  isPublicAddress,
  kindsText,
  notificationChanges,
  notificationsSchema,
  webhookUrlProblem,
} from "./notifications";
import { DEFAULT_WHATSAPP_TEMPLATES } from "./whatsapp-messages";

describe("webhook addresses", () => {
  it("takes public http(s) addresses only", () => {
    expect(webhookUrlProblem("https://hooks.example.com/leads?x=1", false)).toBeNull();
    expect(webhookUrlProblem("http://203.0.113.10:8080/in", false)).toMatch(/private network/); // documentation range
    expect(webhookUrlProblem("http://8.8.8.8/in", false)).toBeNull();
    expect(webhookUrlProblem("hooks.example.com", false)).toBe("Enter the full address, starting with https://");
    expect(webhookUrlProblem("javascript:alert(1)", false)).toBe("Only http:// and https:// addresses can be used");
    expect(webhookUrlProblem("file:///etc/passwd", false)).toBe("Only http:// and https:// addresses can be used");
  });

  it("refuses loopback, private, link-local and local names, however they are written", () => {
    for (const url of [
      "http://127.0.0.1/",
      "http://2130706433/", // 127.0.0.1 as one number
      "http://0x7f.1/",
      "http://[::1]/",
      "http://[::ffff:10.0.0.1]/",
      "http://192.168.1.20/",
      "http://172.16.0.1/",
      "http://100.64.0.1/",
      "http://169.254.169.254/",
      "http://0.0.0.0/",
      "http://[fd00::1]/",
      // IPv4-compatible and mapped IPv6 forms of a private address
      "http://[::127.0.0.1]/",
      "http://[::7f00:1]/",
      "http://[0:0:0:0:0:0:7f00:1]/",
      "http://[::10.0.0.1]/",
      "http://[::192.168.1.1]:8080/",
      "http://[::ffff:7f00:1]/",
      "http://[::ffff:0:7f00:1]/",
      "http://[64:ff9b::7f00:1]/",
      "http://[2002:7f00:1::]/",
    ]) {
      expect(webhookUrlProblem(url, false), url).toMatch(/private network/);
    }
    for (const url of ["http://localhost:3000/", "http://printer.local/", "http://intranet/", "http://db.internal/"]) {
      expect(webhookUrlProblem(url, false), url).toMatch(/only known locally/);
    }
    expect(webhookUrlProblem("http://127.0.0.1:4000/hook", true)).toBeNull();
    expect(webhookUrlProblem("ftp://127.0.0.1/", true)).toMatch(/Only http/);
  });

  it("knows a public address", () => {
    expect(isPublicAddress("41.58.1.1")).toBe(true);
    expect(isPublicAddress("2001:4860:4860::8888")).toBe(true);
    expect(isPublicAddress("::ffff:127.0.0.1")).toBe(false);
    expect(isPublicAddress("::ffff:8.8.8.8")).toBe(true); // the mapped form of a public address
    // The IPv4-compatible form (::/96) is deprecated: never a public host, whatever it embeds.
    for (const a of ["::7f00:1", "::127.0.0.1", "::8.8.8.8", "::0808:0808", "::"])
      expect(isPublicAddress(a), a).toBe(false);
    expect(isPublicAddress("not an address")).toBe(false);
  });
});

describe("the notifications document", () => {
  const schema = notificationsSchema(false);

  it("lower-cases emails, orders and de-duplicates kinds", () => {
    const parsed = schema.parse({
      recipients: [{ email: " Ada@Example.NG ", kinds: ["digest", "loan", "loan"] }],
      webhooks: [{ url: " https://hooks.example.com/a ", kinds: ["sourcing", "inspection"] }],
    });
    expect(parsed).toEqual({
      recipients: [{ email: "ada@example.ng", whatsapp: null, kinds: ["loan", "digest"] }],
      webhooks: [{ url: "https://hooks.example.com/a", kinds: ["inspection", "sourcing"] }],
      templates: DEFAULT_WHATSAPP_TEMPLATES,
    });
  });

  it("says what changed, for the activity trail", () => {
    const before = {
      recipients: [
        { email: "a@x.ng", kinds: ["inspection" as const] },
        { email: "b@x.ng", kinds: ["digest" as const] },
      ],
      webhooks: [
        { url: "https://h.example.com", kinds: ["loan" as const], created_at: "" },
        { url: "https://hooks.slack.com/services/T0/B0/secret", kinds: ["loan" as const], created_at: "" },
      ],
      templates: DEFAULT_WHATSAPP_TEMPLATES,
    };
    const after = {
      recipients: [
        { email: "a@x.ng", kinds: ["inspection" as const, "contact" as const] },
        { email: "c@x.ng", kinds: ["digest" as const] },
      ],
      webhooks: [],
      templates: DEFAULT_WHATSAPP_TEMPLATES,
    };
    expect(notificationChanges(before, after)).toEqual([
      "recipient a@x.ng now gets inspection, contact",
      "added recipient c@x.ng (digest)",
      "removed recipient b@x.ng",
      "removed webhook on h.example.com",
      "removed webhook on hooks.slack.com",
    ]);
    expect(
      notificationChanges(
        { recipients: [], webhooks: [], templates: DEFAULT_WHATSAPP_TEMPLATES },
        {
          recipients: [],
          webhooks: [{ url: "https://hooks.slack.com/services/T0/B0/secret", kinds: ["contact"], created_at: "" }],
          templates: DEFAULT_WHATSAPP_TEMPLATES,
        },
      ),
    ).toEqual(["added webhook on hooks.slack.com (contact)"]);
    expect(notificationChanges(before, before)).toEqual([]);
  });

  it("names kinds in words", () => {
    expect(kindsText(["inspection"])).toBe("inspection bookings");
    expect(kindsText(["contact", "loan", "digest"])).toBe("contact messages, loan applications and the morning digest");
  });
});
