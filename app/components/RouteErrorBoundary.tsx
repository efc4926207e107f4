import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage } from "./ErrorPage";

/**
 * The error boundary of every public page: a thrown 404 is "Page not found" (or the page's own
 * words for it), anything else the page's failure message. Never a stack trace; the real error
 * is logged on the server (entry.server handleError).
 */
export function routeErrorBoundary({
  failure = "Please try again in a moment. If it keeps happening, call us.",
  notFound = "We couldn't find that page. The car may have been sold or the link mistyped.",
}: { failure?: string; notFound?: string } = {}) {
  return function RouteError() {
    const error = useRouteError();
    if (isRouteErrorResponse(error) && error.status === 404) {
      return <ErrorPage status={404} title="Page not found" message={notFound} />;
    }
    if (isRouteErrorResponse(error)) {
      return <ErrorPage status={error.status} title="Something went wrong" message={typeof error.data === "string" ? error.data : failure} />;
    }
    return <ErrorPage status={500} title="Something went wrong" message={failure} />;
  };
}

export const RouteErrorBoundary = routeErrorBoundary();
