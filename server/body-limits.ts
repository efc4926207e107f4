import { Transform, type TransformCallback } from "node:stream";
import type express from "express";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from "../app/config/constants";
import { IMAGE_TOO_LARGE } from "../app/config/messages";
import { BODY_TOO_LARGE, BodyTooLargeError } from "../app/http/body-limit";

/**
 * Request bodies are counted as the bytes arrive, whatever the framing (Content-Length or
 * chunked), and refused past the route's budget before they are read whole:
 * - car uploads (routes declaring `uploads`, the only ones that take multipart): ten 2 MB photos
 *   plus the text fields;
 *   streamed to the handler through a counter that fails the read past the budget;
 * - everything else (lead forms, JSON APIs, admin forms): FORM_BODY_LIMIT, read here in full
 *   (so a page action never sees more) and handed on as a buffer. Multipart there is a 415.
 */
export const FORM_BODY_LIMIT = 64 * 1024;
export const UPLOAD_BODY_LIMIT = MAX_IMAGES_PER_UPLOAD * MAX_IMAGE_BYTES + 256 * 1024;

/** Whether a request may carry photos: its route declares the method in `uploads` (app/lib/edge.ts). */
export function isUpload(req: express.Request): boolean {
  return req.edge?.policy.uploads?.includes(req.method) ?? false;
}

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
function refuse(req: express.Request, res: express.Response, status: 413 | 415, message: string) {
  const send = () => {
    if (req.path.startsWith("/api/")) res.status(status).json({ error: message });
    else res.status(status).type("text/plain").send(message);
  };
  const length = Number(req.get("content-length") ?? NaN);
  if (req.readable && Number.isFinite(length) && length <= FORM_BODY_LIMIT) {
    req.resume();
    req.once("end", send);
    return;
  }
  res.setHeader("Connection", "close");
  res.on("finish", () => setTimeout(() => req.socket.destroy(), 100).unref());
  send();
}

export function bodyLimits(): express.RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const multipart = /multipart\/form-data/i.test(req.get("content-type") ?? "");
    const upload = isUpload(req);
    if (multipart && !upload) {
      return refuse(
        req,
        res,
        415,
        "Files can only be sent with a car listing. Send this form as JSON or form-encoded.",
      );
    }
    const limit = upload ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
    const message = upload ? `${BODY_TOO_LARGE} ${IMAGE_TOO_LARGE}.` : BODY_TOO_LARGE;
    if (Number(req.get("content-length") ?? 0) > limit) return refuse(req, res, 413, message);

    if (upload) {
      const counter = new ByteCounter(limit);
      req.pipe(counter);
      req.countedBody = counter;
      return next();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
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
      if (over) return;
      req.bufferedBody = Buffer.concat(chunks);
      next();
    });
    req.once("error", (e) => {
      if (!over) next(e);
    });
  };
}
