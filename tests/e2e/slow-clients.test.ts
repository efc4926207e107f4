// Slow clients never hold the server: header and body time limits, and a cap on the connections one
// address may keep open. Clients bound to 127.0.0.x are distinct visitors to the server.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { BODY_TIMEOUT_MS, HEADERS_TIMEOUT_MS, MAX_CONNECTIONS_PER_ADDRESS } from "~/config/constants";
import { setupE2E } from "./harness";

const app = setupE2E({ server: { env: { RATE_LIMITS: "on" } } });

interface Slow {
  socket: net.Socket;
  /** When the server closed the connection (ms since it opened), and what it sent. */
  closed: Promise<{ after: number; received: string }>;
}

/** A connection that sends a request's head (or all but its last header line), then a byte every 5 s. */
function slowClient(from: string, kind: "body" | "headers"): Slow {
  const { hostname, port } = new URL(app.server.url);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
  const opened = Date.now();
  let received = "";
  let timer: NodeJS.Timeout | undefined;
  socket.on("data", (d) => (received += d));
  socket.on("error", () => {});
  const closed = new Promise<{ after: number; received: string }>((resolve) =>
    socket.once("close", () => {
      clearInterval(timer);
      resolve({ after: Date.now() - opened, received });
    }),
  );
  socket.once("connect", () => {
    socket.write(
      kind === "body"
        ? `POST /connect HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
            "Content-Length: 1000\r\n\r\nname="
        : `GET /about HTTP/1.1\r\nHost: ${hostname}\r\n`,
    );
    timer = setInterval(() => socket.write(kind === "body" ? "a" : "X"), 5_000);
  });
  return { socket, closed };
}

async function timedGet(from: string, path: string): Promise<{ status: number; ms: number }> {
  const { hostname, port } = new URL(app.server.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
    let text = "";
    socket.on("data", (d) => {
      text += d;
      if (text.includes("\r\n\r\n")) {
        socket.destroy();
        resolve({ status: Number(text.slice(9, 12)), ms: Date.now() - started });
      }
    });
    socket.on("error", reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
  });
}

describe("slow clients", () => {
  it("200 slow connections from one address: those over its cap are closed, another visitor is answered", async () => {
    const clients = Array.from({ length: 200 }, () => slowClient("127.0.0.2", "body"));
    try {
      await new Promise((r) => setTimeout(r, 2_000));
      let closed = 0;
      for (const c of clients) if (c.socket.destroyed || c.socket.readyState === "closed") closed++;
      expect(closed).toBeGreaterThanOrEqual(200 - MAX_CONNECTIONS_PER_ADDRESS);
      for (const path of ["/about", "/browse", "/api/cars/recent"]) {
        const res = await timedGet("127.0.0.3", path);
        expect(res.status, path).toBe(200);
        expect(res.ms, path).toBeLessThan(1_000);
      }
    } finally {
      for (const c of clients) c.socket.destroy();
    }
  });

  it("a request whose headers or form body trickle in is cut off (headers ~15 s, body ~30 s)", async () => {
    const headers = slowClient("127.0.0.4", "headers");
    const body = slowClient("127.0.0.4", "body");
    try {
      const [h, b] = await Promise.all([headers.closed, body.closed]);
      expect(h.after).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 1_000);
      expect(h.after).toBeLessThan(HEADERS_TIMEOUT_MS + 5_000);
      expect(b.after).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 1_000);
      expect(b.after).toBeLessThan(BODY_TIMEOUT_MS + 5_000);
      expect(b.received).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      headers.socket.destroy();
      body.socket.destroy();
    }
  }, 60_000);
});
