import { createHash } from "node:crypto";
import { coinBySlug, trackedCoinEntries } from "@aurumwire/shared/coins";
import type {
  ArticleSentiment,
  CoinSentimentSummary,
  SentimentAnalyzeInput,
  SentimentOverview,
  StoredArticleSentiment,
  TextSentiment,
} from "@aurumwire/shared/sentiment";
import type { SentimentLabel } from "@aurumwire/shared/sentiment-display";
import type { SentimentTrend, SentimentTrends } from "@aurumwire/shared/sentiment-trends";
import type { NewSentimentScoreRow, SentimentScoreRow } from "../../db/schema";
import { notFound } from "../../errors";
import type { PageCache } from "../../lib/page-cache/store";
import { articleTag } from "../articles/cache-tags";
import type { ArticlesRepository } from "../articles/repository";
import type { BreakingNewsRepository } from "../breaking-news/repository";
import { analyzeText, type TextParts } from "./analyze-text";
import { type SentimentRepository, type SentimentSubjectKind, wholeTextSlug } from "./repository";
import { dailyHistory, describeWindow, historyDays } from "./sentiment-index";

/** The content tag of every cached read that shows sentiment (decision 192). */
export const sentimentTag = "sentiment";

const scoreBatch = 100;
const newsDays = 31;

/** A stored per-coin row as the coin's sentiment; undefined for the whole-text row. */
function coinRow(row: SentimentScoreRow) {
  const coin = row.coinSlug === wholeTextSlug ? undefined : coinBySlug(row.coinSlug);
  if (!coin) return undefined;
  return {
    slug: coin.slug,
    symbol: coin.symbol,
    name: coin.name,
    label: row.label as SentimentLabel,
    score: row.score,
    confidence: row.confidence,
    drivers: row.drivers,
  };
}

function hashText(parts: TextParts): string {
  return createHash("sha256")
    .update(`${parts.title ?? ""}\u0000${parts.excerpt ?? ""}\u0000${parts.body ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}

export function createSentimentService(deps: {
  repository: SentimentRepository;
  articles: ArticlesRepository;
  news: BreakingNewsRepository;
  cache: PageCache;
  /** Category names for the per-category trends. */
  categories: { list(): Promise<readonly { id: number; name: string }[]> };
  log?: { warn(object: object, message: string): void };
  now?: () => Date;
}) {
  const { repository, articles, news, cache, log } = deps;
  const now = deps.now ?? (() => new Date());

  function rowsFor(
    kind: SentimentSubjectKind,
    subjectId: number,
    result: TextSentiment,
    textHash: string,
    publishedAt: Date,
    categoryId: number | null,
  ): NewSentimentScoreRow[] {
    const computedAt = now();
    const base = { subjectKind: kind, subjectId, textHash, publishedAt, categoryId, computedAt };
    return [
      {
        ...base,
        coinSlug: wholeTextSlug,
        label: result.label,
        score: result.score,
        confidence: result.confidence,
        relevance: 0,
        drivers: result.drivers,
      },
      ...result.coins.map((coin) => ({
        ...base,
        coinSlug: coin.slug,
        label: coin.label,
        score: coin.score,
        confidence: coin.confidence,
        relevance: coin.relevance,
        drivers: coin.drivers,
      })),
    ];
  }

  /** Scores one subject; a failure is logged and skipped, never thrown (publication goes on). */
  async function scoreSubject(
    kind: SentimentSubjectKind,
    id: number,
    parts: TextParts,
    publishedAt: Date,
    categoryId: number | null,
  ): Promise<boolean> {
    try {
      const result = analyzeText(parts);
      const rows = rowsFor(kind, id, result, hashText(parts), publishedAt, categoryId);
      await repository.replaceSubject(kind, id, rows);
      return true;
    } catch (error) {
      log?.warn({ err: error, kind, id }, "could not score the sentiment of an item; skipped");
      return false;
    }
  }

  async function refreshArticles(): Promise<number[]> {
    const stamps = await articles.publicArticleStamps(now());
    const computed = await repository.computedStamps("article");
    const due = stamps
      .filter((article) => {
        const at = computed.get(article.id);
        return !at || at.getTime() < article.updatedAt.getTime();
      })
      .map((article) => article.id);
    const publicIds = new Set(stamps.map((article) => article.id));
    const gone = [...computed.keys()].filter((id) => !publicIds.has(id));
    await repository.deleteSubjects("article", gone);
    const changed: number[] = [...gone];
    for (let start = 0; start < due.length; start += scoreBatch) {
      const texts = await articles.sentimentTexts(due.slice(start, start + scoreBatch));
      for (const article of texts) {
        const scored = await scoreSubject(
          "article",
          article.id,
          { title: article.title, excerpt: article.excerpt, body: article.content },
          article.publishedAt ?? article.updatedAt,
          article.categoryId,
        );
        if (scored) changed.push(article.id);
      }
    }
    return changed;
  }

  async function refreshNews(): Promise<number> {
    const items = await news.itemsForSentiment(new Date(now().getTime() - newsDays * 86_400_000));
    const computed = await repository.computedStamps("news");
    let scored = 0;
    for (const item of items) {
      const at = computed.get(item.id);
      if (at && at.getTime() >= item.fetchedAt.getTime()) continue;
      if (
        await scoreSubject(
          "news",
          item.id,
          { title: item.title, excerpt: item.summary },
          item.publishedAt,
          null,
        )
      ) {
        scored += 1;
      }
    }
    return scored;
  }

  const overview = (): Promise<SentimentOverview> =>
    cache.memo(
      "sentiment:overview",
      async () => {
        const at = now();
        const since = new Date(at.getTime() - historyDays * 86_400_000);
        const overall = await repository.since(wholeTextSlug, since);
        const coinRows = await repository.coinRowsSince(since);
        const coins: CoinSentimentSummary[] = trackedCoinEntries.map((coin) => {
          const rows = coinRows.filter((row) => row.coinSlug === coin.slug);
          return {
            slug: coin.slug,
            symbol: coin.symbol,
            name: coin.name,
            ...describeWindow(rows, at),
            history: dailyHistory(rows, at),
          };
        });
        return {
          overall: { ...describeWindow(overall, at), history: dailyHistory(overall, at) },
          coins,
          updatedAt: overall[0]?.publishedAt.toISOString() ?? null,
        };
      },
      () => [sentimentTag],
    );

  return {
    /** POST /api/sentiment/analyze: one result per text, in order. */
    analyze(input: SentimentAnalyzeInput): TextSentiment[] {
      if (input.texts) return input.texts.map((text) => analyzeText({ body: text }));
      return [analyzeText({ title: input.title, excerpt: input.excerpt, body: input.text })];
    },

    /**
     * Scores what is new or changed since the last run (published articles whose row is older than
     * their last edit, feed items of the last month not scored yet), drops what is no longer
     * public, and drops the cached pages that show it. Run by the sentiment job and after newsroom
     * changes; the first run backfills everything.
     */
    async refresh(): Promise<{ articles: number; news: number }> {
      const changedArticles = await refreshArticles();
      const scoredNews = await refreshNews();
      if (changedArticles.length > 0 || scoredNews > 0) {
        cache.invalidate([sentimentTag, ...changedArticles.map((id) => articleTag(id))]);
      }
      return { articles: changedArticles.length, news: scoredNews };
    },

    overview,

    /** One coin's index, history and latest scored articles and news items (its page). */
    async coin(slug: string) {
      const coin = coinBySlug(slug);
      if (!coin) throw notFound(`No coin page for "${slug}"`);
      const all = await overview();
      const summary = all.coins.find((entry) => entry.slug === coin.slug)!;
      const latest = await cache.memo(
        `sentiment:coin:${coin.slug}`,
        async () => {
          const rows = await repository.since(
            coin.slug,
            new Date(now().getTime() - historyDays * 86_400_000),
          );
          const articleRows = rows.filter((row) => row.subjectKind === "article").slice(0, 8);
          const newsRows = rows.filter((row) => row.subjectKind === "news").slice(0, 8);
          const headlines = new Map(
            (await articles.publicHeadlinesByIds(articleRows.map((row) => row.subjectId))).map(
              (row) => [row.id, row],
            ),
          );
          const items = new Map(
            (await news.itemsByIds(newsRows.map((row) => row.subjectId))).map((row) => [
              row.id,
              row,
            ]),
          );
          return {
            articles: articleRows.flatMap((row) => {
              const article = headlines.get(row.subjectId);
              if (!article) return [];
              return [
                {
                  id: article.id,
                  slug: article.slug,
                  title: article.title,
                  publishedAt: row.publishedAt.toISOString(),
                  label: row.label as SentimentLabel,
                  score: row.score,
                },
              ];
            }),
            news: newsRows.flatMap((row) => {
              const item = items.get(row.subjectId);
              if (!item) return [];
              return [
                {
                  id: item.id,
                  title: item.title,
                  source: item.source,
                  link: item.articleSlug ? `/article/${item.articleSlug}` : item.link,
                  publishedAt: row.publishedAt.toISOString(),
                  label: row.label as SentimentLabel,
                  score: row.score,
                },
              ];
            }),
          };
        },
        () => [sentimentTag],
      );
      return { coin: summary, ...latest };
    },

    /** The stored sentiment of public articles, by id (chips on article pages and the API). */
    async forArticles(ids: number[]): Promise<Map<number, ArticleSentiment>> {
      const rows = await repository.forSubjects("article", ids);
      const result = new Map<number, ArticleSentiment>();
      for (const row of rows.filter((candidate) => candidate.coinSlug === wholeTextSlug)) {
        result.set(row.subjectId, {
          label: row.label as SentimentLabel,
          score: row.score,
          confidence: row.confidence,
          coins: [],
        });
      }
      for (const row of rows) {
        const coin = coinRow(row);
        if (!coin) continue;
        const { drivers: _drivers, ...entry } = coin;
        result.get(row.subjectId)?.coins.push(entry);
      }
      return result;
    },

    /** A public article's stored sentiment with its driving phrases, for staff (the editor). */
    async storedForArticle(id: number): Promise<StoredArticleSentiment | null> {
      const rows = await repository.forSubjects("article", [id]);
      const whole = rows.find((row) => row.coinSlug === wholeTextSlug);
      if (!whole) return null;
      return {
        label: whole.label as SentimentLabel,
        score: whole.score,
        confidence: whole.confidence,
        drivers: whole.drivers,
        coins: rows.flatMap((row) => coinRow(row) ?? []),
        engine: "offline",
        computedAt: whole.computedAt.toISOString(),
      };
    },

    /**
     * The ticker's marks: a feed item's stored label, or, for one not scored yet and the built-in
     * headlines, its title read by the classifier (a few microseconds each).
     */
    async tickerLabels(
      items: readonly { id: string; title: string }[],
    ): Promise<Map<string, SentimentLabel>> {
      const ids = items.filter((item) => /^\d{1,9}$/.test(item.id)).map((item) => Number(item.id));
      const stored = await repository.forSubjects("news", ids);
      const labels = new Map<string, SentimentLabel>();
      for (const row of stored) {
        if (row.coinSlug === wholeTextSlug)
          labels.set(String(row.subjectId), row.label as SentimentLabel);
      }
      for (const item of items) {
        if (!labels.has(item.id)) labels.set(item.id, analyzeText({ title: item.title }).label);
      }
      return labels;
    },

    /** The daily index per coin and per category over 30 days (the dashboard's analytics). */
    async trends(): Promise<SentimentTrends> {
      const all = await overview();
      const at = now();
      const rows = await repository.since(
        wholeTextSlug,
        new Date(at.getTime() - historyDays * 86_400_000),
      );
      const names = new Map((await deps.categories.list()).map((row) => [row.id, row.name]));
      const byCategory = new Map<number, typeof rows>();
      for (const row of rows) {
        if (row.categoryId === null || !names.has(row.categoryId)) continue;
        byCategory.set(row.categoryId, [...(byCategory.get(row.categoryId) ?? []), row]);
      }
      const byItems = (a: SentimentTrend, b: SentimentTrend) => b.items - a.items;
      return {
        coins: all.coins
          .map((coin) => ({
            key: coin.slug,
            name: `${coin.name} (${coin.symbol})`,
            items: coin.history.reduce((sum, point) => sum + point.items, 0),
            history: coin.history,
          }))
          .sort(byItems),
        categories: [...byCategory]
          .map(([id, list]) => ({
            key: String(id),
            name: names.get(id)!,
            items: list.length,
            history: dailyHistory(list, at),
          }))
          .sort(byItems),
      };
    },

    /** One article's sentiment for its page, cached with the article's tag. */
    articleSentiment(id: number): Promise<ArticleSentiment | null> {
      return cache.memo(
        `sentiment:article:${id}`,
        async () => (await this.forArticles([id])).get(id) ?? null,
        () => [sentimentTag, articleTag(id)],
      );
    },
  };
}

export type SentimentService = ReturnType<typeof createSentimentService>;
