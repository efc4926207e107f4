import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";

/**
 * The alerts row of `npm run bench`: thousands of confirmed buyers' alerts waiting for one car. The
 * alerts are written straight into the bench's database; the emails go to a local SMTP sink that
 * accepts and forgets them (the sender's work is part of what the public pages share the CPU with).
 */

/** `count` confirmed "tell me when it arrives" alerts, one address each, that a 2022 Lexus SUV at ₦25m answers. */
export function seedConfirmedAlerts(dbPath: string, count: number): void {
  const db = new Database(dbPath);
  try {
    db.pragma("busy_timeout = 5000");
    const at = new Date().toISOString();
    const contact = db.prepare("INSERT INTO alert_contacts (email, manage_token, created_at) VALUES (?, ?, ?)");
    const alert = db.prepare(
      `INSERT INTO buyer_alerts (email, kind, search, status, leave_token, created_at, confirmed_at)
       VALUES (?, 'search', ?, 'active', ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const email = `bench-buyer-${i}@example.ng`;
        contact.run(email, randomBytes(32).toString("base64url"), at);
        // Four kinds of search, each with its own budget: different searches, as buyers write them.
        const search = [
          `make=Lexus&maxPrice=${30_000_000 + i * 1000}`,
          `body_type=SUV&minYear=${2015 + (i % 7)}`,
          `make=Lexus&body_type=SUV&maxPrice=${26_000_000 + i * 1000}`,
          `q=lexus&minPrice=${10_000_000 + i * 1000}`,
        ][i % 4];
        alert.run(email, search, randomBytes(32).toString("base64url"), at, at);
      }
    })();
  } finally {
    db.close();
  }
}

/** Buyer-alert emails in the outbox, queued and sent. */
export function queuedAlertEmails(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM outbox WHERE topic = 'buyer-alert'").pluck().get() as number;
  } finally {
    db.close();
  }
}

/** An SMTP server on a free loopback port that accepts every message and keeps none. */
export async function startSmtpSink(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** POST /api/cars: a new Lexus SUV at ₦25m (no photos), as staff publish one; the answer's time in ms. */
export async function publishLexus(base: string, token: string): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  const fields: Record<string, string> = {
    make: "Lexus",
    model: "RX 350 Bench",
    year: "2022",
    price: "25000000",
    condition: "Foreign Used",
    engine_capacity: "3.5L",
    engine_size: "V6",
    custom_paper: "Yes",
    body_type: "SUV",
    drive_train: "AWD",
    transmission: "Automatic",
    fuel_type: "Petrol",
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const t = performance.now();
  const res = await fetch(`${base}/api/cars`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t };
}
