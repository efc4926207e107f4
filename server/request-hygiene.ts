import type express from "express";

/**
 * Requests turned away (or tidied) before anything else looks at them: a client's mistake gets a
 * plain answer, never a 500 or a stack trace in the log.
 */

/** The methods the site answers; any other gets 405 with this list in Allow. */
export const KNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export function refuseUnknownMethods(): express.RequestHandler {
  return (req, res, next) => {
    if (KNOWN_METHODS.includes(req.method)) return next();
    res.setHeader("Allow", KNOWN_METHODS.join(", "));
    res.status(405).type("text/plain").send("Method not allowed");
  };
}

/**
 * `_data` is the data-request parameter of Remix's older protocol, which this site does not use
 * (its client asks `<page>.data`). Remix takes it for a broken data request and logs a stack, so
 * it is dropped here and the page is answered as if it were not there.
 */
export function dropLegacyDataParam(): express.RequestHandler {
  return (req, _res, next) => {
    const q = req.url.indexOf("?");
    if (q < 0 || !/(^|&)_data(=|&|$)/.test(req.url.slice(q + 1))) return next();
    const params = new URLSearchParams(req.url.slice(q + 1));
    params.delete("_data");
    const search = params.toString();
    const path = req.url.slice(0, q);
    req.url = `${path}${search ? `?${search}` : ""}`;
    req.originalUrl = req.url;
    next();
  };
}
