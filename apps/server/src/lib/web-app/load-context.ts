import type { AppServices } from "../../services";

/** The call React Router's `createRequestHandler` returns: a web Request in, a Response out. */
export type WebRequestHandler = (request: Request, context: WebLoadContext) => Promise<Response>;

/**
 * "build": serve the built web app; "vite": dev server with hot reload; "none": API only; or a
 * request handler standing in for the built app (tests of the page pipeline, which have no build).
 */
export type WebAppMode = "build" | "vite" | "none" | { handleRequest: WebRequestHandler };

/** What the web app's loaders may call: the public reads, nothing that writes. */
const loaderServiceNames = [
  "articles",
  "categories",
  "demoLoginHint",
  "marketData",
  "breakingNews",
  "publicSettings",
  "publicAuthors",
] as const;
export type LoaderServices = Pick<AppServices, (typeof loaderServiceNames)[number]> & {
  /** Only whether the one-time owner set-up is still open (/login and /setup). */
  auth: Pick<AppServices["auth"], "ownerNeeded">;
  /** Only the landing page's read (/landing and / in landing mode). */
  landingPage: Pick<AppServices["landingPage"], "configuration">;
  /** Only the reads of sentiment (coin pages, /markets, article chips; decision 192). */
  sentiment: Pick<AppServices["sentiment"], "overview" | "coin" | "articleSentiment">;
  /** Only the reads of live coverage (the article page, the cards' badge; decision 236). */
  liveCoverage: Pick<AppServices["liveCoverage"], "forArticle" | "liveArticleIds">;
  /** Whether breaking-news alerts are set up (the page offers them only then; decision 237). */
  webPush: Pick<AppServices["webPush"], "enabled">;
};

export function loaderServicesOf(services: AppServices): LoaderServices {
  const picked = Object.fromEntries(loaderServiceNames.map((name) => [name, services[name]]));
  return {
    ...(picked as Pick<AppServices, (typeof loaderServiceNames)[number]>),
    auth: { ownerNeeded: () => services.auth.ownerNeeded() },
    landingPage: { configuration: () => services.landingPage.configuration() },
    sentiment: {
      overview: () => services.sentiment.overview(),
      coin: (slug) => services.sentiment.coin(slug),
      articleSentiment: (id) => services.sentiment.articleSentiment(id),
    },
    liveCoverage: {
      forArticle: (id) => services.liveCoverage.forArticle(id),
      liveArticleIds: () => services.liveCoverage.liveArticleIds(),
    },
    webPush: { enabled: () => services.webPush.enabled() },
  };
}

/** What every route loader of the web app receives as `context`. */
export type WebLoadContext = {
  services: LoaderServices;
  config: { siteName: string; publicUrl: string };
  /** The per-request CSP nonce for inline scripts. */
  nonce: string;
  /**
   * The built app's stylesheets by URL ("/assets/site-abc.css" -> its rules), read once at start:
   * the server render inlines a page's stylesheets instead of linking them (decision 150). Absent
   * with the dev server, whose pages link them.
   */
  stylesheets?: ReadonlyMap<string, string>;
};
