import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Paystack in tests: an HTTP server speaking the documented API the site calls
 * (POST /transaction/initialize, GET /transaction/verify/:reference, POST /refund, each with
 * `Authorization: Bearer <secret key>`), a checkout page at the authorization_url where a test
 * (or Chromium) pays or fails and is sent back to the callback_url, and signed webhooks
 * (`x-paystack-signature`: HMAC-SHA512 hex of the raw body with the secret key) sent to the site.
 */

export interface StandInTransaction {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  callback_url: string;
  metadata: unknown;
  access_code: string;
  status: "abandoned" | "success" | "failed";
}

export interface PaystackStandIn {
  url: string;
  key: string;
  transactions: Map<string, StandInTransaction>;
  refunds: { transaction: string; amount: number }[];
  /** Every request the site made: method, path and the body as sent. */
  calls: { method: string; path: string; body: unknown; authorization: string | undefined }[];
  /** Marks a transaction paid (or failed) as the checkout page would. */
  settle(reference: string, status: "success" | "failed"): StandInTransaction;
  /** The webhook body and its signature for a transaction (`key` signs; a wrong one makes a bad signature). */
  webhook(reference: string, key?: string): { body: string; signature: string };
  /** POSTs a signed charge.success for the transaction to `siteUrl`/api/paystack/webhook. */
  sendWebhook(siteUrl: string, reference: string, key?: string): Promise<Response>;
  close(): Promise<void>;
}

export const TEST_SECRET_KEY = "sk_test_standin0123456789abcdef";

const sign = (key: string, body: string) => crypto.createHmac("sha512", key).update(body).digest("hex");

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

const checkoutPage = (tx: StandInTransaction) => `<!doctype html><html><head><title>Paystack checkout (stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<h1>Pay NGN ${(tx.amount / 100).toLocaleString("en-NG")}</h1><p>${tx.email}</p>
<form method="post" action="/checkout/${tx.access_code}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${tx.access_code}/fail"><button type="submit">Fail</button></form>
</body></html>`;

export async function startPaystackStandIn(key = TEST_SECRET_KEY): Promise<PaystackStandIn> {
  const transactions = new Map<string, StandInTransaction>();
  const refunds: PaystackStandIn["refunds"] = [];
  const calls: PaystackStandIn["calls"] = [];
  const byCode = (code: string) => [...transactions.values()].find((t) => t.access_code === code);

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    calls.push({ method: req.method ?? "", path: url.pathname, body, authorization: req.headers.authorization });
    const checkout = /^\/checkout\/([\w]+)(?:\/(pay|fail))?$/.exec(url.pathname);
    if (checkout) {
      const tx = byCode(checkout[1]);
      if (!tx) return json(res, 404, { status: false, message: "No such checkout" });
      if (req.method === "GET" && !checkout[2]) {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(checkoutPage(tx));
      }
      tx.status = checkout[2] === "pay" ? "success" : "failed";
      const back = new URL(tx.callback_url);
      back.searchParams.set("trxref", tx.reference);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (req.headers.authorization !== `Bearer ${key}`) {
      return json(res, 401, { status: false, message: "Invalid key" });
    }
    if (req.method === "POST" && url.pathname === "/transaction/initialize") {
      const b = body as Record<string, unknown>;
      const reference = String(b.reference ?? crypto.randomBytes(6).toString("hex"));
      if (transactions.has(reference))
        return json(res, 400, { status: false, message: "Duplicate Transaction Reference" });
      const access_code = crypto.randomBytes(8).toString("hex");
      const address = server.address() as AddressInfo;
      transactions.set(reference, {
        reference,
        email: String(b.email),
        amount: Number(b.amount),
        currency: String(b.currency ?? "NGN"),
        callback_url: String(b.callback_url),
        metadata: b.metadata,
        access_code,
        status: "abandoned",
      });
      return json(res, 200, {
        status: true,
        message: "Authorization URL created",
        data: { authorization_url: `http://127.0.0.1:${address.port}/checkout/${access_code}`, access_code, reference },
      });
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (req.method === "GET" && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return json(res, 400, { status: false, message: "Transaction reference not found" });
      return json(res, 200, { status: true, message: "Verification successful", data: transactionData(tx) });
    }
    if (req.method === "POST" && url.pathname === "/refund") {
      const b = body as Record<string, unknown>;
      const tx = transactions.get(String(b.transaction));
      if (tx?.status !== "success") return json(res, 400, { status: false, message: "Transaction not found" });
      const amount = b.amount === undefined ? tx.amount : Number(b.amount);
      refunds.push({ transaction: tx.reference, amount });
      return json(res, 200, {
        status: true,
        message: "Refund has been queued for processing",
        data: {
          transaction: { reference: tx.reference, amount: tx.amount },
          amount,
          currency: "NGN",
          status: "pending",
        },
      });
    }
    json(res, 404, { status: false, message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const stand: PaystackStandIn = {
    url: `http://127.0.0.1:${port}`,
    key,
    transactions,
    refunds,
    calls,
    settle(reference, status) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`No transaction ${reference}`);
      tx.status = status;
      return tx;
    },
    webhook(reference, signingKey = key) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`No transaction ${reference}`);
      const body = JSON.stringify({ event: "charge.success", data: transactionData(tx) });
      return { body, signature: sign(signingKey, body) };
    },
    async sendWebhook(siteUrl, reference, signingKey = key) {
      const { body, signature } = stand.webhook(reference, signingKey);
      return fetch(`${siteUrl}/api/paystack/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-paystack-signature": signature },
        body,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return stand;
}

function transactionData(tx: StandInTransaction) {
  return {
    id: Number.parseInt(tx.access_code.slice(0, 8), 16),
    domain: "test",
    status: tx.status,
    reference: tx.reference,
    amount: tx.amount,
    currency: tx.currency,
    gateway_response: tx.status === "success" ? "Successful" : "Declined",
    paid_at: tx.status === "success" ? new Date().toISOString() : null,
    metadata: tx.metadata,
    customer: { email: tx.email },
  };
}
