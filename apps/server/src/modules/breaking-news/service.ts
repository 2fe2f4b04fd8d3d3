import {
  fallbackHeadlines,
  fallbackTickerNews,
  type NewsTickerResponse,
  type TickerNewsItem,
} from "@aurumwire/shared/news";
import type { SentimentLabel } from "@aurumwire/shared/sentiment-display";
import type { Database } from "../../db/client";
import { notFound, tooManyRequests } from "../../errors";
import type { CounterStore } from "../../lib/counters";
import { fetchText, OutboundError } from "../../lib/outbound-http";
import type { ArticleEditorService } from "../articles/editor-service";
import type { CategoryEditorService } from "../categories/editor-service";
import type { UserAccounts } from "../users/accounts-service";
import { composeBrief } from "./brief";
import { FeedFormatError, parseFeed } from "./feed-parser";
import type { BreakingNewsRepository } from "./repository";

/**
 * Breaking news: reads the configured RSS/Atom feeds on a schedule (jobs/breaking-news-job.ts), keeps
 * new items in the database (de-duplicated across feeds and runs), serves the ticker from a short
 * in-memory cache, and turns an item into a published brief on request, once.
 */

export const breakingNewsCategory = {
  name: "Breaking News",
  slug: "breaking-news",
  color: "#F44336",
  description: "Short briefs on the stories moving the crypto markets, with links to the source.",
} as const;

/** The account briefs are credited to: it exists only as a byline and cannot log in. */
export const newsroomAuthor = {
  email: "newsroom@aurumwire.invalid",
  firstName: "AurumWire",
  lastName: "Newsroom",
} as const;

const tickerSize = 20;
/** Items pushed to open pages per feed read, and how recent they must be. */
const announcePerRun = 5;
const announceWithinMs = 6 * 3_600_000;
const tickerCacheMs = 30_000;
const feedMaxBytes = 5 * 1024 * 1024;
const keepItemsMs = 30 * 24 * 60 * 60_000;
const maxFeedBackoffMs = 60 * 60_000;
/** Article requests per visitor (IP) and minute: far above what clicking a ticker produces. */
export const generateLimitPerMinute = 10;

export type FeedOutcome = "added" | "unchanged" | "not_modified" | "backing_off" | "failed";

export interface FeedReport {
  url: string;
  outcome: FeedOutcome;
  added: number;
  error?: string;
}

interface FeedState {
  etag?: string;
  lastModified?: string;
  failures: number;
  nextAttemptAt: number;
}

export interface BreakingNewsLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

function fallbackKey(id: string) {
  return `builtin:${id}`;
}

export function createBreakingNewsService(deps: {
  db: Database;
  repository: BreakingNewsRepository;
  counters: CounterStore;
  feeds: string[];
  /** Our own address: feed items that are our syndicated stories are dropped (issue 28, 6). */
  publicUrl?: string;
  timeoutMs: number;
  intervalMs: number;
  log?: BreakingNewsLogger;
  /** The owners of the rows a brief needs: its article, its category and its byline. */
  articleEditor: Pick<ArticleEditorService, "publishBrief">;
  categoryEditor: Pick<CategoryEditorService, "ensureCategory">;
  users: Pick<UserAccounts, "ensureSystemAccount">;
  /** The news sentiment of ticker items (the sentiment module's): stored, or read from the title. */
  sentimentOf?: (
    items: readonly { id: string; title: string }[],
  ) => Promise<Map<string, SentimentLabel>>;
  /** A new feed item for the tickers of open pages (the real-time stream, decision 233). */
  onBreaking?: (item: TickerNewsItem) => void;
  /** Called after a brief is published, so cached public pages (home, lists) show it at once. */
  onContentChanged?: () => void;
  /**
   * Called once for each new brief: with an AI provider configured, the writer drafts the fuller
   * story for review in the background (decision 091). Never awaited by the reader's request.
   */
  onBriefPublished?: (brief: {
    articleId: number;
    title: string;
    tags: string[];
    categoryId: number;
    authorId: number;
  }) => void;
}) {
  const { db, repository, counters, feeds } = deps;
  // Per instance: with REDIS_URL one instance polls per interval, and a feed that throttled it
  // is simply asked again by whichever instance polls next, after its own wait.
  const feedStates = new Map<string, FeedState>();
  let tickerCache: { value: NewsTickerResponse; expiresAt: number } | null = null;

  /**
   * New feed items go to open pages at once (decision 233): the newest few of a run, and only
   * recent ones, so a feed's first read (its whole archive) does not flood every ticker.
   */
  function announceNew(
    rows: Array<{ id: number; title: string; source: string; tags: string[]; publishedAt: Date }>,
  ) {
    if (!deps.onBreaking) return;
    const since = Date.now() - announceWithinMs;
    const fresh = rows
      .filter((row) => row.publishedAt.getTime() >= since)
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
      .slice(0, announcePerRun);
    for (const row of fresh.reverse()) {
      deps.onBreaking({
        id: String(row.id),
        title: row.title,
        articleSlug: null,
        source: row.source,
        tags: row.tags,
      });
    }
  }

  async function readFeed(url: string, signal?: AbortSignal): Promise<FeedReport> {
    const state = feedStates.get(url) ?? { failures: 0, nextAttemptAt: 0 };
    feedStates.set(url, state);
    if (state.nextAttemptAt > Date.now()) return { url, outcome: "backing_off", added: 0 };
    const headers: Record<string, string> = {
      accept: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8",
    };
    if (state.etag) headers["if-none-match"] = state.etag;
    if (state.lastModified) headers["if-modified-since"] = state.lastModified;
    try {
      const response = await fetchText({
        url,
        headers,
        timeoutMs: deps.timeoutMs,
        maxBytes: feedMaxBytes,
        signal,
        acceptStatuses: [304],
      });
      if (response.status === 304) {
        state.failures = 0;
        return { url, outcome: "not_modified", added: 0 };
      }
      const feed = parseFeed(response.body, url);
      const ownArticles = deps.publicUrl ? `${deps.publicUrl}/article/` : null;
      const ours = (item: (typeof feed.items)[number]) =>
        !!deps.publicUrl &&
        ((item.link?.startsWith(`${deps.publicUrl}/`) ?? false) ||
          item.links.some((link) => ownArticles !== null && link.startsWith(ownArticles)));
      const inserted = await repository.insertNewItems(
        feed.items
          .filter((item) => !ours(item))
          .map((item) => ({
            dedupeKey: item.dedupeKey,
            link: item.link,
            title: item.title,
            summary: item.summary,
            source: feed.source,
            feedUrl: url,
            tags: item.tags,
            publishedAt: item.publishedAt ?? new Date(),
          })),
      );
      const added = inserted.length;
      announceNew(inserted);
      state.etag = response.headers.get("etag") ?? undefined;
      state.lastModified = response.headers.get("last-modified") ?? undefined;
      state.failures = 0;
      state.nextAttemptAt = 0;
      return { url, outcome: added > 0 ? "added" : "unchanged", added };
    } catch (error) {
      if (signal?.aborted) return { url, outcome: "failed", added: 0, error: "aborted" };
      state.failures += 1;
      let waitMs = Math.min(deps.intervalMs * (2 ** (state.failures - 1) - 1), maxFeedBackoffMs);
      if (error instanceof OutboundError && error.kind === "rate_limited") {
        waitMs =
          error.retryAfterMs ?? Math.min(deps.intervalMs * 2 ** state.failures, maxFeedBackoffMs);
      }
      state.nextAttemptAt = Date.now() + waitMs;
      // A malformed answer may carry validators for the broken copy: do not send them again.
      if (error instanceof FeedFormatError) {
        state.etag = undefined;
        state.lastModified = undefined;
      }
      const message = error instanceof Error ? error.message : String(error);
      deps.log?.warn({ feed: url, failures: state.failures, error: message }, "news feed failed");
      return { url, outcome: "failed", added: 0, error: message };
    }
  }

  /** Adds each item's sentiment label; a failure leaves the ticker without marks, never broken. */
  async function withSentiment(answer: NewsTickerResponse): Promise<NewsTickerResponse> {
    if (!deps.sentimentOf) return answer;
    try {
      const labels = await deps.sentimentOf(answer.news);
      return {
        ...answer,
        news: answer.news.map((item) => ({ ...item, sentiment: labels.get(item.id) ?? null })),
      };
    } catch (error) {
      deps.log?.warn({ err: error }, "could not read the sentiment of the ticker's items");
      return answer;
    }
  }

  async function buildTicker(): Promise<NewsTickerResponse> {
    if (feeds.length > 0) {
      const rows = await repository.latestFeedItems(tickerSize);
      if (rows.length > 0) {
        return {
          status: "success",
          origin: "feeds",
          news: rows.map((row) => ({
            id: String(row.id),
            title: row.title,
            articleSlug: row.articleSlug,
            source: row.source,
            tags: row.tags,
          })),
        };
      }
    }
    const slugs = await repository.fallbackArticleSlugs(
      fallbackHeadlines.map((headline) => fallbackKey(headline.id)),
    );
    return {
      status: "success",
      origin: "fallback",
      news: fallbackTickerNews().map((item) => ({
        ...item,
        articleSlug: slugs.get(fallbackKey(item.id)) ?? null,
      })),
    };
  }

  return {
    configuredFeeds: () => [...feeds],
    /** How often the feeds are read: 600 s (spec 9) unless NEWS_FEEDS_REFRESH_SECONDS says (323). */
    refreshIntervalMs: deps.intervalMs,

    /** One pass over every feed; a failing feed does not stop the others. */
    async refreshFeeds(signal?: AbortSignal): Promise<FeedReport[]> {
      const reports: FeedReport[] = [];
      for (const url of feeds) {
        if (signal?.aborted) break;
        reports.push(await readFeed(url, signal));
      }
      await repository.pruneFeedItems(new Date(Date.now() - keepItemsMs));
      if (reports.some((report) => report.added > 0)) tickerCache = null;
      return reports;
    },

    /** GET /api/news/ticker: the latest feed items, or the 4 built-in headlines without any. */
    async getTicker(): Promise<NewsTickerResponse> {
      if (tickerCache && tickerCache.expiresAt > Date.now()) return tickerCache.value;
      const value = await withSentiment(await buildTicker());
      tickerCache = { value, expiresAt: Date.now() + tickerCacheMs };
      return value;
    },

    /**
     * Makes the brief article for a ticker item, once: a second call (or a concurrent one) gets the
     * same slug. Only stored feed items and the built-in headlines qualify; the caller's title,
     * source and tags are never used, so nobody can publish text of their choosing.
     */
    async generateArticle(
      newsId: string,
      requester: string,
    ): Promise<{ slug: string; created: boolean }> {
      const hit = await counters.hit(`news-generate:${requester}`, 60_000);
      if (hit.count > generateLimitPerMinute) {
        throw tooManyRequests(
          "Too many article requests. Please wait a minute and try again.",
          "rate_limited",
          (hit.resetAt - Date.now()) / 1000,
        );
      }
      const headline = fallbackHeadlines.find((candidate) => candidate.id === newsId);
      const isStoredId = /^\d{1,9}$/.test(newsId);
      if (!headline && !isStoredId) {
        throw notFound("This news item is not available.", "news_item_not_found");
      }
      const result = await db.transaction(async (tx) => {
        if (headline) {
          await repository.insertFallbackItem(
            {
              dedupeKey: fallbackKey(headline.id),
              title: headline.title,
              summary: headline.summary,
              source: headline.source,
              link: null,
              tags: headline.tags,
              isFallback: true,
            },
            tx,
          );
        }
        const item = headline
          ? await repository.lockItemByDedupeKey(fallbackKey(headline.id), tx)
          : await repository.lockItemById(Number(newsId), tx);
        if (!item) throw notFound("This news item is not available.", "news_item_not_found");
        if (item.articleId) {
          const existing = await repository.articleSlug(item.articleId, tx);
          if (existing) return { slug: existing, created: false };
        }
        const brief = composeBrief({
          title: item.title,
          summary: item.summary,
          source: item.source,
          link: headline ? headline.link : item.link,
          tags: item.tags,
          isFallback: item.isFallback,
        });
        // Each table's owner writes its rows: the category, the byline, the article.
        const categoryId = await deps.categoryEditor.ensureCategory(breakingNewsCategory, tx);
        const authorId = await deps.users.ensureSystemAccount(newsroomAuthor, tx);
        const article = await deps.articleEditor.publishBrief(
          {
            title: brief.title,
            excerpt: brief.excerpt,
            content: brief.content,
            categoryId,
            authorId,
            tags: brief.tags,
            metaTitle: brief.metaTitle,
            metaDescription: brief.metaDescription,
          },
          tx,
        );
        await repository.linkItemToArticle(item.id, article.id, tx);
        return {
          slug: article.slug,
          created: true,
          brief: {
            articleId: article.id,
            title: item.title,
            tags: item.tags,
            categoryId,
            authorId,
          },
        };
      });
      if (result.created) {
        tickerCache = null;
        deps.onContentChanged?.();
        if (result.brief) deps.onBriefPublished?.(result.brief);
      }
      return { slug: result.slug, created: result.created };
    },
  };
}

export type BreakingNewsService = ReturnType<typeof createBreakingNewsService>;
