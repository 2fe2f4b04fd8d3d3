import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Link,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./components/site.css";
import { AuthProvider } from "./lib/auth-context";
import "./load-context";
import { earlyInputScript } from "./lib/early-input";
import { zodJitlessScript } from "./lib/zod-browser";
import { useNonce } from "./nonce";
import { RouteStylesheets } from "./page-styles";

export function loader({ context }: Route.LoaderArgs) {
  return { siteName: context.config.siteName, publicUrl: context.config.publicUrl };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Says the page is interactive: a reading page's scripts start after its content has painted
  // (decision 150), and the E2E suite waits for this before it presses anything.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        {/* First: zod must see it before any module creates a schema (lib/zod-browser.ts). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no input
          dangerouslySetInnerHTML={{ __html: zodJitlessScript }}
        />
        {/* Keeps presses, posts and typing that come before hydration (decision 241). */}
        <script
          id="aw-early-input"
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no input
          dangerouslySetInnerHTML={{ __html: earlyInputScript }}
        />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0B0B0F" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Inlined into the first page by entry.server (decision 150). */}
        <RouteStylesheets />
        <meta name="emotion-insertion-point" content="" />
      </head>
      <body>
        {/* No MUI theme here: the parts that use MUI have it (components/mui-theme.tsx). */}
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** One error screen for the whole app: statuses become sentences, internals never show. */
export function ErrorBoundary() {
  const error = useRouteError();
  let title = "An error occurred";
  let message = "Something went wrong while loading this page. Please try again.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title =
        typeof error.data === "string" && error.data && !error.data.startsWith("Error:")
          ? error.data
          : "Page not found";
      message = "The page you are looking for does not exist or has moved.";
    } else if (error.status === 403) {
      title = "Access Denied";
      message = typeof error.data === "string" ? error.data : message;
    }
  }
  const siteName = useRouteLoaderData<typeof loader>("root")?.siteName ?? "AurumWire";
  // Plain HTML and site.css: public pages load no MUI components for a screen they rarely show.
  // React puts the <title> into the head: the failed route's meta gives none.
  return (
    <main className="aw-error-screen">
      <title>{`${title} | ${siteName}`}</title>
      <div>
        <h1 className="aw-error-screen__title">{title}</h1>
        <p className="aw-error-screen__message">{message}</p>
        <Link to="/" className="aw-button">
          Back to Home
        </Link>
      </div>
    </main>
  );
}
