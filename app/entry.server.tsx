import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

const ABORT_DELAY = 5_000;

/**
 * Renders the whole document before answering (onAllReady): the server reads every page in
 * full anyway, to hash its inline scripts for the Content-Security-Policy and to keep the bytes
 * in the page cache, so streaming the shell early would gain nothing.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        onAllReady() {
          clearTimeout(timer);
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}

/**
 * Loader/action errors: log real failures, never send a stack to the browser (Remix strips it in
 * production). 404s and other thrown responses are answers, not failures: morgan logs them.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
}
