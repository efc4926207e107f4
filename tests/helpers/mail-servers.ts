// Real servers for the tests of email and webhooks: an SMTP server (smtp-server) that keeps and
// parses (mailparser) what it accepts, and an HTTP receiver that keeps what is posted to it. Each
// can be told to refuse, to test retries.
import http from "node:http";
import type net from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SmtpMode = "accept" | "try-later" | "reject";

export interface TestSmtp {
  readonly port: number;
  /** smtp://user:pass@127.0.0.1:port */
  readonly url: string;
  mode: SmtpMode;
  /** Every message accepted, parsed, in order of arrival. */
  readonly received: ParsedMail[];
  /** How many deliveries were refused (RCPT TO answered 451 or 550). */
  refused: number;
  /** Resolves once `count` messages have arrived (rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  /** The first message to `to` whose subject is `subject` (or matches it), once it has arrived (rejects after `ms`). */
  mailFor(to: string, subject: string | RegExp, ms?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** An SMTP server on a free loopback port (or `port`), with plain-text AUTH accepted for user "mailer". */
export async function startSmtp(opts: { port?: number; mode?: SmtpMode } = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const state = { mode: opts.mode ?? "accept", refused: 0 };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "secret") callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(_address, _session, callback) {
      if (state.mode === "accept") return callback();
      state.refused += 1;
      const temporary = state.mode === "try-later";
      const error = Object.assign(new Error(temporary ? "Mailbox busy, try again later" : "No such user here"), {
        responseCode: temporary ? 451 : 550,
      });
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://mailer:secret@127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(m: SmtpMode) {
      state.mode = m;
    },
    get refused() {
      return state.refused;
    },
    set refused(n: number) {
      state.refused = n;
    },
    received,
    async waitFor(count, ms = 20_000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Expected ${count} emails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    async mailFor(to, subject, ms = 20_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(
          (m) =>
            m.subject !== undefined &&
            (typeof subject === "string" ? m.subject === subject : subject.test(m.subject)) &&
            JSON.stringify(m.to).includes(to),
        );
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`No email "${subject}" to ${to}; got ${received.map((m) => m.subject).join(", ")}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedPost {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  readonly url: string;
  /** The status the next posts get (200 unless set). */
  status: number;
  readonly posts: ReceivedPost[];
  close(): Promise<void>;
}

/** An HTTP server on a free loopback port that keeps every POST's headers and exact body. */
export async function startReceiver(): Promise<TestReceiver> {
  const posts: ReceivedPost[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      posts.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(state.status, { "Content-Type": "text/plain" });
      res.end(state.status < 300 ? "ok" : "receiver is down for maintenance");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    get status() {
      return state.status;
    },
    set status(s: number) {
      state.status = s;
    },
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
