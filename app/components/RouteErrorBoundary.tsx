import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { type ComponentProps, lazy, Suspense } from "react";

/** The error page's code is fetched only by a page that failed (the server renders it in full). */
const LazyErrorPage = lazy(() => import("./ErrorPage").then((m) => ({ default: m.ErrorPage })));

function ErrorPage(props: ComponentProps<typeof LazyErrorPage>) {
  return (
    <Suspense fallback={null}>
      <LazyErrorPage {...props} />
    </Suspense>
  );
}

const FAILURE = "Please try again in a moment. If it keeps happening, call us.";
const NOT_FOUND = "We couldn't find that page. The car may have been sold or the link mistyped.";

/**
 * What a public page shows when its loader or action fails: a thrown 404 is "Page not found" (or
 * the page's own words for it), anything else the page's failure message. Never a stack trace;
 * the real error is logged on the server (entry.server handleError). Each route exports an
 * ErrorBoundary that renders this with its own words.
 */
export function RouteError({ failure = FAILURE, notFound = NOT_FOUND }: { failure?: string; notFound?: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} title="Page not found" message={notFound} />;
  }
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorPage
        status={error.status}
        title="Something went wrong"
        message={typeof error.data === "string" ? error.data : failure}
      />
    );
  }
  return <ErrorPage status={500} title="Something went wrong" message={failure} />;
}

/** The boundary of a page with nothing more specific to say. */
export function RouteErrorBoundary() {
  return <RouteError />;
}
