import { useEffect, useRef } from "react";
import { Outlet, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { Footer } from "../components/layout/footer";
import { useSiteLinkNavigation } from "../components/site-link";
import "../components/layout/public-layout.css";
import { Header } from "../components/layout/header";
import { SignUpNotice } from "../components/layout/sign-up-notice";
import { SkipLink } from "../components/skip-link";
import { LiveArticlesProvider } from "../features/articles/live-articles";
import { BreakingAlerts } from "../features/breaking-news/breaking-alerts";
import { LivePriceTicker } from "../features/market/live-price-ticker";
import { loadTicker } from "../features/market/market-data.server";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/public-layout";

/** The header's price ticker comes from the server's cache, so the first paint already has prices. */
export async function loader({ context }: Route.LoaderArgs) {
  // Which articles are live, for the cards' badge (decision 236); a failed read shows none.
  const liveArticleIds = await context.services.liveCoverage.liveArticleIds().catch(() => []);
  // Alerts are offered only where they are set up: no key request that would answer 503 otherwise.
  const pushAlerts = context.services.webPush.enabled();
  return { ticker: loadTicker(context), liveArticleIds, pushAlerts };
}

/** The ticker refreshes itself every 300 s; navigating between pages need not ask again. */
export function shouldRevalidate() {
  return false;
}

/**
 * Spec: the page scrolls to top on each route change. Not when the page first hydrates: a reader
 * may have scrolled the server's page already, and a jump then would move what they are tapping
 * from under their finger (issue 35: a Load More tap landed on a story at the top).
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The home page in the alternate landing layout brings its own header and footer (decision 120). */
function useOwnLayout(): boolean {
  return useMatches().some(
    (match) => (match.loaderData as { layout?: string } | undefined)?.layout === "landing",
  );
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  useSiteLinkNavigation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.siteName ?? "AurumWire";
  const ownLayout = useOwnLayout();
  if (ownLayout) {
    return (
      <LiveArticlesProvider initial={loaderData?.liveArticleIds ?? []}>
        <ScrollToTop />
        <Outlet />
        <SignUpNotice />
      </LiveArticlesProvider>
    );
  }
  return (
    <LiveArticlesProvider initial={loaderData?.liveArticleIds ?? []}>
      <div className="aw-shell">
        <SkipLink />
        <ScrollToTop />
        <LivePriceTicker initial={loaderData?.ticker ?? null} />
        <Header siteName={siteName} />
        <main id="main-content" tabIndex={-1} className="aw-container aw-main">
          <Outlet />
          {loaderData?.pushAlerts ? <BreakingAlerts /> : null}
        </main>
        <Footer siteName={siteName} />
        <SignUpNotice />
      </div>
    </LiveArticlesProvider>
  );
}
