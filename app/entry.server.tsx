import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { RequestIdContext } from "~/lib/request-id";

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
  loadContext: AppLoadContext,
) {
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      // The request id only for an error page (it shows it): other pages stay the same for everyone.
      <RequestIdContext.Provider value={status >= 500 ? loadContext.requestId : undefined}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </RequestIdContext.Provider>,
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
          loadContext.logger.error({ err: error }, "server error");
        },
      },
    );
  });
}

/**
 * Loader/action errors: log real failures, once, with the request id and the stack; never send a
 * stack to the browser (Remix strips it in production). 404s and other thrown responses are
 * answers, not failures: the request's log line is enough.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  context.logger.error({ err: error }, "server error");
}
