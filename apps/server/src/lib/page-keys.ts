/**
 * The cache key of a public page: its path and only the query parameters its route reads, each
 * normalised the way the route's loader reads it (decision 080). `utm_*`, `fbclid`, `cb` and any
 * other parameter change nothing on the page, so `/?utm_source=x` and `/?cb=123` are the home's
 * one copy instead of a render each. The page is also rendered from this key, never from the URL
 * as asked, so a copy can never depend on a parameter its key left out.
 *
 * The rules mirror the web app's loaders (apps/web/app/routes/articles.tsx, markets.tsx,
 * analysis.tsx, category.tsx and features/articles/articles.server.ts): ?page= as `pageParam`
 * reads it, ?tab= among the tab keys of that page, ?q= on /search as the search box sends it.
 * A parameter a route starts to read must be added here, or every value renders the default.
 */

type Normalise = (value: string) => string | undefined;

/** `pageParam`: an integer from 1 to 10,000, anything else is page 1; page 1 is the default. */
const page: Normalise = (value) => {
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) && number >= 2 && number <= 10_000 ? String(number) : undefined;
};

/** One of the page's tabs; the first is the default and an unknown one shows it too. */
const tab =
  (keys: readonly string[]): Normalise =>
  (value) =>
    keys.includes(value) && value !== keys[0] ? value : undefined;

/** The search words as the News view reads them: trimmed, at most 200 characters. */
const searchWords: Normalise = (value) => value.trim().slice(0, 200) || undefined;

/** Tab keys of the tabbed section pages, first the default (the web app's tab lists). */
export const sectionTabKeys = {
  news: ["all", "breaking", "trending", "viral", "market-news"],
  markets: ["all", "market-news", "trading", "technical-analysis"],
  analysis: ["all", "technical-analysis", "market-analysis", "trending-analysis"],
} as const;

const routeParameters: Array<{ path: RegExp; parameters: Record<string, Normalise> }> = [
  { path: /^\/articles$/, parameters: { page, tab: tab(sectionTabKeys.news) } },
  { path: /^\/search$/, parameters: { page, q: searchWords, tab: tab(sectionTabKeys.news) } },
  { path: /^\/markets$/, parameters: { page, tab: tab(sectionTabKeys.markets) } },
  { path: /^\/coin\/[^/]+$/, parameters: { period: tab(["7d", "24h", "30d", "90d"]) } },
  { path: /^\/analysis$/, parameters: { page, tab: tab(sectionTabKeys.analysis) } },
  { path: /^\/category\/[^/]+$/, parameters: { page } },
  { path: /^\/author\/[^/]+$/, parameters: { page } },
];

/**
 * A request target that is a plain path (`/x?y`): the only kind kept as a page. Absolute targets
 * (`http://host/x`) and `//x` (a host to a URL parser) are rendered as they come, never kept.
 */
export function isOriginFormPath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
}

/**
 * The key (and the URL to render) of a page request: `/search?q=eth&tab=viral` keeps both
 * parameters in name order, `/articles?page=1&utm_source=x` is `/articles`. A trailing slash is
 * dropped (the router ignores it too).
 */
export function canonicalPageKey(url: string): string {
  const queryAt = url.indexOf("?");
  let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.replace(/\/+$/, "") || "/";
  if (queryAt === -1) return pathname;
  const route = routeParameters.find((candidate) => candidate.path.test(pathname));
  if (!route) return pathname;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const kept = new URLSearchParams();
  for (const name of Object.keys(route.parameters).sort()) {
    const value = query.get(name);
    const normalised = value === null ? undefined : route.parameters[name](value);
    if (normalised !== undefined) kept.set(name, normalised);
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}
