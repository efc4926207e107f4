import "@mantine/core/styles.css";
import "@mantine/charts/styles.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ChatButton } from "~/components/ChatButton";
import { ErrorPage } from "~/components/ErrorPage";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { site } from "~/config/site";
import { useNonce } from "~/lib/nonce";
import globalStyles from "~/styles/global.css";
import { cssVariablesResolver, theme } from "~/theme";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: globalStyles },
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
];

export const meta: MetaFunction = ({ error }) => [
  {
    title: error
      ? `${isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong"} | ${site.name}`
      : `${site.name} | ${site.tagline}`,
  },
  {
    name: "description",
    content: `${site.name}: new, foreign-used (Tokunbo) and Nigerian-used cars in Lekki, Lagos. Prices in naira, inspections, financing.`,
  },
];

/** Admin pages and the login page have their own chrome; the public shell stays off them. */
export function isAdminPath(pathname: string) {
  return pathname.startsWith("/admin") || pathname === "/admin-login";
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const admin = isAdminPath(pathname);
  return (
    <html lang="en-NG" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#13804d" />
        <Meta />
        <Links />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          {admin ? null : <SiteHeader />}
          <main id="main">{children}</main>
          {admin ? null : <SiteFooter />}
          {admin ? null : <ChatButton />}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} title="Page not found" message="We couldn't find that page. The car may have been sold or the link mistyped." />;
  }
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} title="Something went wrong" message={typeof error.data === "string" ? error.data : "Please try again in a moment."} />;
  }
  return <ErrorPage status={500} title="Something went wrong" message="Please try again in a moment. If it keeps happening, call us." />;
}
