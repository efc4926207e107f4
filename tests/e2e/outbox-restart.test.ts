// Email that cannot get lost: a booking is acknowledged while the mail server refuses everything,
// the site is killed with SIGKILL (no shutdown at all), and started again on the same database
// with the mail server accepting: each message of the booking arrives, exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDayFrom } from "../helpers/leads";
import { startSmtp, type TestSmtp } from "../helpers/mail-servers";
import { setupE2E } from "./harness";

const serverEnv: Record<string, string> = {};
let smtp: TestSmtp;
// Registered before the fixture's own hook, so the server starts with the mail server's address.
beforeAll(async () => {
  smtp = await startSmtp({ mode: "try-later" });
  serverEnv.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
});

const app = setupE2E({ server: { env: serverEnv } });

type Row = { recipient: string; status: string; attempts: number };
const outbox = () => app.rows<Row>("SELECT recipient, status, attempts FROM outbox ORDER BY id");

/** Posts a buyer's lead form as a browser without JavaScript does (with the form's anti-bot fields). */
async function postLead(path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(app.url(path), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, ...(await app.botGuardFields(path)) }),
  });
}

describe("the outbox across a crash", () => {
  it("delivers each message of a booking acknowledged before kill -9 once the site is back, once", async () => {
    const added = await fetch(app.url("/admin/notifications"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: await app.adminCookie() },
      body: new URLSearchParams({ intent: "add-recipient", address: "desk@lekkiprimeautos.ng", kinds: "inspection" }),
    });
    expect(added.status).toBe(200);

    const booked = await postLead("/book-inspection", {
      name: "Crash Test Buyer",
      phone: "0803 555 0190",
      email: "crash.buyer@example.com",
      car_make: "Toyota",
      car_model: "Corolla",
      inspection_date: openDayFrom(2),
      other_info: "",
    });
    expect(booked.status).toBe(200);
    expect(await booked.text()).toContain("Inspection booked successfully!");
    // Acknowledged: both messages are in the outbox, and the mail server has refused them once.
    await expect
      .poll(() => outbox().map((m) => [m.recipient, m.status, m.attempts > 0]), { timeout: 20_000 })
      .toEqual([
        ["desk@lekkiprimeautos.ng", "queued", true],
        ["crash.buyer@example.com", "queued", true],
      ]);
    expect(smtp.received).toHaveLength(0);

    await app.server.crash();
    smtp.mode = "accept";
    await app.server.restart();

    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => (m.to && "text" in m.to ? m.to.text : "")).sort()).toEqual([
      "crash.buyer@example.com",
      "desk@lekkiprimeautos.ng",
    ]);
    expect(mails.find((m) => m.subject?.startsWith("Your inspection"))?.attachments[0]?.filename).toBe(
      "inspection.ics",
    );
    await expect.poll(() => outbox().map((m) => m.status)).toEqual(["sent", "sent"]);

    // Started once more, nothing is sent twice: the next message the sender delivers is a new one.
    await app.server.restart();
    const sentinel = await postLead("/connect", {
      name: "After Restart",
      phone: "0803 555 0191",
      email: "after.restart@example.com",
      message: "Hello again",
    });
    expect(sentinel.status).toBe(200);
    const all = await smtp.waitFor(3);
    expect(all.map((m) => (m.to && "text" in m.to ? m.to.text : ""))).toEqual([
      ...mails.map((m) => (m.to && "text" in m.to ? m.to.text : "")),
      "after.restart@example.com",
    ]);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(3);
  });
});
