import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ChatButton } from "~/components/ChatButton";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { useAdoptSavedCookie } from "~/components/saved/useSavedCars";
import { browserScript } from "~/config/browser-script.server";
import { env, siteOrigin } from "~/config/env.server";
import { savedCarIds } from "~/http/cookies.server";
import { businessFromMatches } from "~/lib/business";
import { hydrates } from "~/lib/page-scripts";
import { getBusiness } from "~/models/business.server";
// Side-effect import: the site-wide rules travel in the one CSS bundle (a single render-blocking request).
import "~/styles/global.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
];

/**
 * The dealer's facts (business settings, the same for every visitor: useBusiness() reads them), the
 * public origin (absolute addresses in link previews),
 * the cars a visitor without JavaScript saved (the heart's cookie), so every page can draw their
 * hearts filled (empty for everyone else: the root data of a visitor without the cookie is the
 * same for all, and the page cache keeps serving it), and the address of the plain script of the
 * pages that run no React.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return {
    saved: await savedCarIds(request),
    business: await getBusiness(),
    origin: siteOrigin(env()),
    script: browserScript(),
  };
}

/**
 * The root's data is loaded again at every navigation to another address and after every form, so
 * a saved settings change reaches an open page at its next click; a refresh of the same address
 * without a form (the home page's lists every 30 s) leaves it alone.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod }) =>
  formMethod !== undefined || currentUrl.href !== nextUrl.href;

export const meta: MetaFunction = ({ error, matches }) => {
  const site = businessFromMatches(matches);
  return [
    {
      title: error
        ? `${
            isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong"
          } | ${site.name}`
        : `${site.name} | ${site.tagline}`,
    },
    {
      name: "description",
      content:
        `${site.name}: new, foreign-used (Tokunbo) and Nigerian-used cars in ${site.area}. ` +
        "Prices in naira, inspections, financing.",
    },
  ];
};

/**
 * Admin pages and the login page have their own chrome; the public shell stays off them. They
 * also bring Mantine (provider and stylesheets, see routes/admin.tsx), which keys its styles on
 * the colour-scheme attribute of <html>: it is set here for them only.
 */
function isAdminPath(pathname: string) {
  return pathname.startsWith("/admin");
}

/** What Mantine's ColorSchemeScript would set (the back office is always light). */
const ADMIN_HTML_PROPS = { "data-mantine-color-scheme": "light", suppressHydrationWarning: true } as const;

/**
 * A page whose route is a STATIC_PAGE (app/lib/page-scripts.ts) gets no React: neither Remix's
 * scripts nor its scroll restoration, only the plain script of app/browser/ (with the cars the
 * no-JavaScript cookie saved, which it moves into this browser's list). Every other page is
 * hydrated.
 */
function PageScripts({ hydrated, script }: { hydrated: boolean; script?: string | null }) {
  if (hydrated) {
    return (
      <>
        <ScrollRestoration />
        <Scripts />
      </>
    );
  }
  return script ? <script type="module" src={script} /> : null;
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const admin = isAdminPath(pathname);
  const hydrated = admin || hydrates(matches[matches.length - 1]?.handle);
  const root = useRouteLoaderData<typeof loader>("root");
  const cookieSaved = hydrated ? undefined : root?.saved.join(",");
  return (
    <html lang="en-NG" {...(admin ? ADMIN_HTML_PROPS : null)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#13804d" />
        <Meta />
        <Links />
      </head>
      <body data-saved-cookie={cookieSaved || undefined}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {admin ? null : <SiteHeader />}
        <main id="main">{children}</main>
        {admin ? null : <SiteFooter />}
        {admin ? null : <ChatButton />}
        <PageScripts hydrated={hydrated} script={root?.script} />
      </body>
    </html>
  );
}

export default function App() {
  useAdoptSavedCookie();
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
