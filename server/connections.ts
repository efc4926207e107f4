import http from "node:http";
import type express from "express";
import { HEADERS_TIMEOUT_MS, MAX_CONNECTIONS_PER_ADDRESS, UPLOAD_TIMEOUT_MS } from "../app/config/constants";

/**
 * The HTTP server, guarded against slow clients: a request's headers must arrive within
 * HEADERS_TIMEOUT_MS and the whole request within UPLOAD_TIMEOUT_MS (server/body-limits.ts holds
 * bodies other than car uploads to BODY_TIMEOUT_MS); and one address may hold at most
 * MAX_CONNECTIONS_PER_ADDRESS open connections (more are closed at once), unless it is a proxy
 * TRUST_PROXY names, which carries many visitors.
 */
export function createServer(app: express.Express): http.Server {
  const server = http.createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: UPLOAD_TIMEOUT_MS,
      // How often Node looks for requests past those limits (default 30 s, too coarse for 15 s).
      connectionsCheckingInterval: 1_000,
    },
    app,
  );
  const trusted: (address: string, hop: number) => boolean = app.get("trust proxy fn");
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    if (trusted(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > MAX_CONNECTIONS_PER_ADDRESS) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return server;
}
