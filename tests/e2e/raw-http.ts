// Requests written byte for byte on a TCP socket, for what no HTTP client would send: targets with
// `..` or `\`, `*`, absolute-form targets, broken Host headers. The client binds to a loopback
// address of the test's choosing (another visitor, as far as the server can tell).
import net from "node:net";

export interface RawAnswer {
  /** The status code, or 0 when the connection closed before a status line arrived. */
  status: number;
  head: string;
  body: string;
  /** Milliseconds from connecting until the status line arrived (or the connection closed). */
  ms: number;
}

/**
 * Sends `head` (the request line and headers, CRLF-separated, without the blank line) and then
 * `body` from `from`, and reads the answer until the server closes the connection (the request
 * should carry `Connection: close`) or `timeoutMs` passes. A body the server stops reading is cut
 * short: what was answered still counts.
 */
export function rawRequest(
  baseUrl: string,
  from: string,
  head: string,
  body: Buffer | string = "",
  timeoutMs = 30_000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
    let text = "";
    let firstLineAt = 0;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const end = text.indexOf("\r\n\r\n");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({
        status: status ? Number(status) : 0,
        head: end < 0 ? text : text.slice(0, end),
        body: end < 0 ? "" : text.slice(end + 4),
        ms: (firstLineAt || Date.now()) - started,
      });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on("data", (d) => {
      if (!firstLineAt) firstLineAt = Date.now();
      text += d.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", finish);
    socket.once("connect", () => {
      socket.write(Buffer.from(`${head}\r\n\r\n`, "latin1"));
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1");
      // In slices, so an answer that comes early stops the rest being written.
      const slice = 256 * 1024;
      let at = 0;
      const pump = () => {
        while (at < bytes.length && !socket.destroyed && text === "") {
          const piece = bytes.subarray(at, at + slice);
          at += piece.length;
          if (!socket.write(piece)) return void socket.once("drain", pump);
        }
      };
      pump();
    });
  });
}
