import { createContext, useContext, useState } from "react";

/**
 * The id the server gave the request (its X-Request-Id, in every log line about it). The server
 * provides it while rendering an error page, so the page can show it and staff can find the
 * logged error from what a visitor reads out.
 */
export const RequestIdContext = createContext<string | undefined>(undefined);

/** The attribute the error page puts the id in; the browser reads it back when it hydrates. */
export const REQUEST_ID_ATTRIBUTE = "data-request-id";

/** The request id of a server-rendered error page; undefined after a failed client-side navigation. */
export function useRequestId(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(
    () =>
      fromServer ??
      (typeof document === "undefined"
        ? undefined
        : (document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.getAttribute(REQUEST_ID_ATTRIBUTE) ?? undefined)),
  );
  return id;
}
