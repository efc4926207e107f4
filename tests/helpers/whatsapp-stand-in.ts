import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the WhatsApp Business Cloud API in tests: `POST /{version}/{phone-number-id}/messages`
 * as Meta documents it. It checks `Authorization: Bearer <token>` (401 with Meta's OAuthException
 * object, code 190, otherwise) and the body's shape (messaging_product "whatsapp", to, type
 * "template", template { name, language { code }, components [{ type "body", parameters [{ type
 * "text", text }] }] }; 400 with code 100 otherwise), and answers 200 with `messages[0].id`. A test
 * sets `mode` to make it refuse (400, template not found: code 132001), throttle (429, code 130429)
 * or fail (503). Every accepted message is recorded.
 */

export const TEST_WHATSAPP_TOKEN = "EAAGstandin0123456789abcdefTOKEN";
export const TEST_PHONE_NUMBER_ID = "106540352242922";
export const API_VERSION = "v21.0";

export interface StandInMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

export type StandInMode = "accept" | "refuse" | "throttle" | "down";

export interface WhatsappStandIn {
  /** The API's base address, as WHATSAPP_API_URL takes it: http://127.0.0.1:<port>/v21.0 */
  url: string;
  token: string;
  phoneNumberId: string;
  mode: StandInMode;
  /** Messages accepted, in order. */
  messages: StandInMessage[];
  /** Every request: path, authorization header and body as received. */
  calls: { path: string; authorization: string | undefined; body: unknown; status: number }[];
  /** Resolves once `n` messages were accepted (or rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<StandInMessage[]>;
  close(): Promise<void>;
}

const metaError = (message: string, type: string, code: number, details?: string) => ({
  error: {
    message,
    type,
    code,
    ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
    fbtrace_id: "AbCdEfStandIn",
  },
});

/** Why a body is not a template message as the Cloud API takes it; null when it is one. */
function shapeProblem(body: unknown): string | null {
  const b = body as Record<string, any> | null;
  if (!b || typeof b !== "object") return "The request body is not JSON";
  if (b.messaging_product !== "whatsapp") return "messaging_product must be whatsapp";
  if (typeof b.to !== "string" || !/^\d{8,15}$/.test(b.to)) return "to must be a phone number in international form";
  if (b.type !== "template") return "type must be template";
  const t = b.template;
  if (!t || typeof t.name !== "string" || !t.name) return "template.name is required";
  if (!t.language || typeof t.language.code !== "string") return "template.language.code is required";
  if (!Array.isArray(t.components) || t.components.length !== 1) return "template.components must hold the body";
  const [c] = t.components;
  if (c.type !== "body" || !Array.isArray(c.parameters)) return "components[0] must be the body with its parameters";
  for (const p of c.parameters) {
    if (p?.type !== "text" || typeof p.text !== "string" || !p.text)
      return "each parameter must be { type: text, text }";
    if (/[\n\t]| {5,}/.test(p.text))
      return "Param text cannot have new-line/tab characters or more than 4 consecutive spaces";
  }
  return null;
}

export async function startWhatsappStandIn(token = TEST_WHATSAPP_TOKEN): Promise<WhatsappStandIn> {
  const messages: StandInMessage[] = [];
  const calls: WhatsappStandIn["calls"] = [];
  const waiters: (() => void)[] = [];
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      const answer = (status: number, payload: unknown) => {
        calls.push({ path, authorization: req.headers.authorization, body, status });
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== "POST" || path !== `/${API_VERSION}/${stand.phoneNumberId}/messages`) {
        return answer(404, metaError("Unknown path components", "OAuthException", 2500));
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        return answer(
          401,
          metaError("Error validating access token: The access token could not be decrypted", "OAuthException", 190),
        );
      }
      const problem = shapeProblem(body);
      if (problem) return answer(400, metaError("(#100) Invalid parameter", "OAuthException", 100, problem));
      const b = body as any;
      if (stand.mode === "refuse") {
        return answer(
          400,
          metaError(
            "(#132001) Template name does not exist in the translation",
            "OAuthException",
            132001,
            `template name (${b.template.name}) does not exist in ${b.template.language.code}`,
          ),
        );
      }
      if (stand.mode === "throttle")
        return answer(429, metaError("(#130429) Rate limit hit", "OAuthException", 130429));
      if (stand.mode === "down") return answer(503, metaError("Service temporarily unavailable", "OAuthException", 2));
      counter += 1;
      const id = `wamid.standin${String(counter).padStart(6, "0")}`;
      messages.push({
        id,
        to: b.to,
        template: b.template.name,
        language: b.template.language.code,
        parameters: b.template.components[0].parameters.map((p: { text: string }) => p.text),
      });
      answer(200, { messaging_product: "whatsapp", contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id }] });
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const stand: WhatsappStandIn = {
    url: `http://127.0.0.1:${port}/${API_VERSION}`,
    token,
    phoneNumberId: TEST_PHONE_NUMBER_ID,
    mode: "accept",
    messages,
    calls,
    async waitFor(n, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`The WhatsApp stand-in got ${messages.length} of ${n} messages`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 500));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages.slice(0, n);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stand;
}
