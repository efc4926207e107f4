import { Transform, type TransformCallback } from "node:stream";
import type express from "express";
import { BODY_TIMEOUT_MS } from "../app/config/constants";
import { IMAGE_TOO_LARGE } from "../app/config/messages";
import { BODY_TOO_LARGE, BodyTooLargeError, SHEET_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "../app/http/body-limit";
import { SHEET_TOO_LARGE } from "../app/lib/car-sheet";

/**
 * Request bodies (the whole story: docs/architecture.md, "Body limits") are counted as the bytes
 * arrive, whatever the framing (Content-Length or chunked), and refused past the budget of the
 * route Remix will run (server/route-policies.ts) before they are read whole:
 * - multipart with photos (routes declaring `uploads`: car forms and APIs, hero slides, the logo):
 *   ten 2 MB photos plus the text fields; multipart with a stock spreadsheet (routes declaring
 *   `sheet`): one 10 MB file (the only routes and methods that take multipart); streamed to the
 *   handler through a counter that fails the read past the budget. Those methods take JSON and
 *   form-encoded bodies too (no files), on the small budget below; any other type is a 415;
 * - everything else (lead forms, JSON APIs, admin forms): FORM_BODY_LIMIT, read here in full
 *   (so a page action never sees more) and handed on as a buffer, within BODY_TIMEOUT_MS (408
 *   and the connection closed after that). Multipart there is a 415.
 */
const FORM_BODY_LIMIT = 64 * 1024;
const BODY_TOO_SLOW = "The request took too long to arrive. Please send it again.";

/**
 * The budget of a request that may carry files, from its route's edge policy (app/lib/edge.ts):
 * `uploads` (car photos) or `sheet` (one stock spreadsheet); null for every other request.
 */
function uploadBudget(req: express.Request): { limit: number; rule: string } | null {
  const policy = req.edge?.policy;
  if (policy?.sheet?.includes(req.method)) return { limit: SHEET_BODY_LIMIT, rule: SHEET_TOO_LARGE };
  if (policy?.uploads?.includes(req.method)) return { limit: UPLOAD_BODY_LIMIT, rule: `${IMAGE_TOO_LARGE}.` };
  return null;
}

/** A request to a JSON API: a route under /api/ that answers the path, not through Remix's data protocol. */
export function isApiRequest(req: express.Request): boolean {
  return req.path.startsWith("/api/") && !req.path.endsWith(".data") && Boolean(req.edge?.id);
}

const PAGE_FORM_TYPES = "A page's form is sent form-encoded (JSON goes to the /api endpoints).";
const MULTIPART_ELSEWHERE =
  "Files can only be sent with photos or a stock spreadsheet. Send this form as JSON or form-encoded.";
const UPLOAD_TYPES =
  "Send photos or a spreadsheet as multipart/form-data; without files, send JSON or form-encoded fields.";

declare module "express-serve-static-core" {
  interface Request {
    /** The whole body, read within its budget (every non-upload request that has one). */
    bufferedBody?: Buffer;
    /** The body stream of an upload, counted as it is read. */
    countedBody?: NodeJS.ReadableStream;
  }
}

/** Counts bytes through; fails with BodyTooLargeError past `limit`. */
class ByteCounter extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) done(new BodyTooLargeError(this.limit));
    else done(null, chunk);
  }
}

/**
 * Answers 413/415. A small body of known length is read and dropped first, so the client sees
 * the answer on a healthy connection; anything else (too large, or chunked of unknown size)
 * gets the answer at once and the connection is closed, so the rest is never read.
 */
function refuse(req: express.Request, res: express.Response, status: 408 | 413 | 415, message: string) {
  const send = () => {
    if (req.path.startsWith("/api/")) res.status(status).json({ error: message });
    else res.status(status).type("text/plain").send(message);
  };
  const length = Number(req.get("content-length") ?? NaN);
  if (status !== 408 && req.readable && Number.isFinite(length) && length <= FORM_BODY_LIMIT) {
    req.resume();
    req.once("end", send);
    return;
  }
  res.setHeader("Connection", "close");
  lingerThenClose(req);
  send();
}

/**
 * Closing a socket that still holds unread bytes resets the connection, and a reset can reach the
 * client before it has read the answer (it then sees no answer at all). So after the answer our
 * side is ended and what the client still sends is read and dropped, for 2 s at most, before the
 * socket is destroyed: the client reads the refusal and stops sending.
 */
export function lingerThenClose(req: express.Request): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    req.resume();
    socket.resume();
    setTimeout(() => socket.destroy(), 2_000).unref();
  };
}

export function bodyLimits(): express.RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const type = req.get("content-type") ?? "";
    const multipart = /multipart\/form-data/i.test(type);
    const files = uploadBudget(req);
    if (multipart && !files) return refuse(req, res, 415, MULTIPART_ELSEWHERE);
    // A route that takes files takes the large budget for multipart only: a JSON or form-encoded
    // body there carries fields alone, and any other body is refused before it is read.
    const fields = /application\/json|application\/x-www-form-urlencoded/i.test(type);
    const empty = !type && !Number(req.get("content-length") ?? 0) && !req.get("transfer-encoding");
    if (files && !multipart && !fields && !empty) return refuse(req, res, 415, UPLOAD_TYPES);
    // Pages read their posts as forms: any other body would fail there as a server error.
    const form = /application\/x-www-form-urlencoded/i.test(type);
    const page = !req.path.startsWith("/api/") || req.path.endsWith(".data");
    if (page && !multipart && !form && !empty) return refuse(req, res, 415, PAGE_FORM_TYPES);
    // A page post without a body (the admin's keep-alive) reads as an empty form, not a failure.
    if (page && empty) req.headers["content-type"] = "application/x-www-form-urlencoded";
    const upload = multipart ? files : null;
    const limit = upload ? upload.limit : FORM_BODY_LIMIT;
    const message = upload ? `${BODY_TOO_LARGE} ${upload.rule}` : BODY_TOO_LARGE;
    if (Number(req.get("content-length") ?? 0) > limit) return refuse(req, res, 413, message);

    if (upload) {
      const counter = new ByteCounter(limit);
      req.pipe(counter);
      // A client that goes away (or breaks the framing) mid-upload ends the handler's read too.
      req.once("error", (e) => counter.destroy(e));
      req.countedBody = counter;
      return next();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    // A form or JSON body is small: one sent a byte at a time is a client holding the server.
    const slow = setTimeout(() => {
      over = true;
      req.off("data", onData);
      req.pause();
      refuse(req, res, 408, BODY_TOO_SLOW);
    }, BODY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        clearTimeout(slow);
        over = true;
        req.off("data", onData);
        req.pause();
        refuse(req, res, 413, message);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => {
      clearTimeout(slow);
      if (over) return;
      req.bufferedBody = Buffer.concat(chunks);
      next();
    });
    // The client went away or broke the framing (Node has answered 400 then): nothing to answer,
    // and not a server error.
    req.once("error", () => {
      clearTimeout(slow);
      over = true;
    });
  };
}
