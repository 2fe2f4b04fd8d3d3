import { defaultLandingPageContent as fallbackContent } from "@aurumwire/shared/landing-page-display";
import { limits } from "@aurumwire/shared/limits";
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { landingPreviewSources } from "../api/landing-page";
import { useSiteLinkNavigation } from "../components/site-link";
import { ArticleCard } from "../features/articles/article-card";
import { type CardArticle, toCardArticle } from "../features/articles/format";
import { LiveBreakingNewsTicker } from "../features/breaking-news/breaking-news-ticker";
import {
  composeLandingBlocks,
  type LandingDraft,
  type LandingPageData,
} from "../features/landing-page/compose-landing-page";
import { LandingLayout } from "../features/landing-page/landing-layout";
import type { LandingSlots } from "../features/landing-page/landing-section";
import { LiveMarketAnalytics } from "../features/market/market-analytics";
import { NewsletterBox } from "../features/newsletter/newsletter-box";
import { SentimentIndexSummary } from "../features/sentiment/sentiment-index-summary";
import "../components/layout/public-layout.css";
import { readingPage } from "../lib/reading-page";
import { rssAlternate, seoMeta, siteFrom, siteJsonLd } from "../lib/seo";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/landing";
import { loadLandingPage, loadSocialLinks } from "./landing-data.server";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

/** The cards, market cards, ticker and newsletter box of their own features. */
export const landingSlots: LandingSlots<CardArticle> = {
  article: (article, variant, priority) => (
    <ArticleCard
      article={article}
      variant={variant}
      excerptLength={variant === "grid" ? limits.featuredListExcerpt : undefined}
      eager={variant === "hero"}
      priority={priority}
    />
  ),
  analytics: (data) => <LiveMarketAnalytics initial={data} heading="h3" />,
  sentiment: (index) => <SentimentIndexSummary overall={index} heading="h3" />,
  news: (data) => <LiveBreakingNewsTicker initial={data} />,
  newsletter: <NewsletterBox />,
};

/**
 * Title, description, keywords and share image come from the manager's editor tab. Being the home
 * page (or its mirror), it carries the home's feed link and Organization and WebSite data too.
 */
export function landingMeta(
  matches: Parameters<typeof seoMeta>[0]["matches"],
  data: LandingPageData<CardArticle> | undefined,
  path: string,
  socialLinks: readonly string[] | undefined,
) {
  const content = data?.content ?? fallbackContent;
  const site = siteFrom(matches);
  const tags = seoMeta({
    matches,
    title: null,
    description: content.metaDescription,
    path,
    image: content.shareImage || null,
    extra: [
      ...(content.keywords ? [{ name: "keywords", content: content.keywords }] : []),
      rssAlternate(site.publicUrl, site.siteName),
      ...siteJsonLd({ ...site, socialLinks }),
    ],
  });
  if (!content.seoTitle) return tags;
  // The editor's SEO title is the whole title, not a page name before the site's.
  return tags.map((tag) => {
    // The <title> alone: the feed link has a title attribute too.
    if ("title" in tag && !("tagName" in tag)) return { title: content.seoTitle };
    if ("property" in tag && tag.property === "og:title")
      return { ...tag, content: content.seoTitle };
    if ("name" in tag && tag.name === "twitter:title") return { ...tag, content: content.seoTitle };
    return tag;
  });
}

/**
 * /landing is the home page's stories in the alternate layout (and the very page / serves when Site
 * Settings choose it): its canonical address is the home page's, so search engines index one of
 * the two (decision 210).
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  landingMeta(matches, loaderData, "/", loaderData?.socialLinks);

export async function loader({ context }: Route.LoaderArgs) {
  const [landing, socialLinks] = await Promise.all([
    loadLandingPage(context),
    loadSocialLinks(context),
  ]);
  return { ...landing, socialLinks };
}

/** The landing layout with the site's name from the root loader. */
export function LandingPage({ data }: { data: LandingPageData<CardArticle> }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <LandingLayout data={data} siteName={root?.siteName ?? "AurumWire"} slots={landingSlots} />
  );
}

export default function LandingRoute({ loaderData }: Route.ComponentProps) {
  // Outside the public layout, which handles the site links' clicks everywhere else.
  useSiteLinkNavigation();
  return <LandingPage data={loaderData} />;
}

/**
 * The manager's preview: the same layout and composition as /landing, fed from the JSON API with
 * the manager's unsaved draft.
 */
export function LandingPreview({ draft }: { draft: LandingDraft }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [data, setData] = useState<LandingPageData<CardArticle> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    const load = async () => {
      const sources = landingPreviewSources;
      const [newest, categories] = await Promise.all([
        sources.newest(limits.alternateLandingPageSize),
        sources.categories().catch(() => []),
      ]);
      const blocks = await composeLandingBlocks<CardArticle>(draft, {
        newest: newest.map(toCardArticle),
        article: async (id) => toCardArticle(await sources.article(id)),
        inCategory: async (slug, count) =>
          (await sources.inCategory(slug, count)).map(toCardArticle),
        trending: async (count) => (await sources.trending(count)).map(toCardArticle),
        analytics: sources.analytics,
        markets: sources.markets,
        history: sources.history,
        news: sources.news,
      });
      return {
        content: draft.content,
        blocks,
        categories: categories
          .filter((category) => !category.parentId)
          .slice(0, 8)
          .map(({ id, name, slug }) => ({ id, name, slug })),
        error: null,
      };
    };
    load().then(
      (next) => {
        if (current) setData(next);
      },
      (error: unknown) => {
        console.error("landing preview failed", error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [draft]);
  if (failed) return <p style={{ padding: 16 }}>Failed to load the preview.</p>;
  if (!data) return <p style={{ padding: 16 }}>Loading preview...</p>;
  return (
    <LandingLayout
      data={data}
      siteName={root?.siteName ?? "AurumWire"}
      slots={landingSlots}
      embedded
    />
  );
}
