import { coinBySlug, trackedCoinEntries } from "@aurumwire/shared/coins";
import type {
  ArticleSentiment,
  CoinSentimentSummary,
  SentimentAnalyzeInput,
  SentimentOverview,
  StoredArticleSentiment,
} from "@aurumwire/shared/sentiment";
import type { SentimentLabel } from "@aurumwire/shared/sentiment-display";
import type { SentimentEngine, SentimentEngineSetting } from "@aurumwire/shared/sentiment-engine";
import type { SentimentTrend, SentimentTrends } from "@aurumwire/shared/sentiment-trends";
import type { SentimentScoreRow, UserRow } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { PageCache } from "../../lib/page-cache/store";
import type { AiUsage } from "../ai-writer/usage-service";
import { articleTag } from "../articles/cache-tags";
import type { ArticleReads } from "../articles/reads-service";
import type { NewsItemReads } from "../breaking-news/items-service";
import type { SiteSettingsService } from "../site-settings/service";
import { analyzeText, type TextParts } from "./analyze-text";
import type { ReadWithModel } from "./model-engine";
import { type SentimentRepository, wholeTextSlug } from "./repository";
import { createSentimentScoring } from "./scoring";
import { dailyHistory, describeWindow, historyDays } from "./sentiment-index";

type Actor = Pick<UserRow, "id" | "role">;

/** The content tag of every cached read that shows sentiment (decision 192). */
export const sentimentTag = "sentiment";

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

export function createSentimentService(deps: {
  repository: SentimentRepository;
  articles: ArticleReads;
  news: NewsItemReads;
  cache: PageCache;
  /** Where the chosen engine is stored (Site Settings' rows, decision 260). */
  settings: Pick<SiteSettingsService, "getSentimentEngine" | "updateSentimentEngine">;
  /** The AI model's use: provider, daily limit, usage log (the AI writer's, decision 260). */
  usage: AiUsage;
  readWithModel: ReadWithModel;
  newsroomActor: () => Promise<Actor>;
  /** Category names for the per-category trends. */
  categories: { list(): Promise<readonly { id: number; name: string }[]> };
  log?: { warn(object: object, message: string): void };
  now?: () => Date;
}) {
  const { repository, articles, news, cache } = deps;
  const now = deps.now ?? (() => new Date());

  const scoring = createSentimentScoring({
    ...deps,
    engine: async () => (await deps.settings.getSentimentEngine()).engine,
    now,
  });

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
    /**
     * POST /api/sentiment/analyze: one result per text, in order, read by the engine asked for or
     * the newsroom's; the AI model's calls count against the asking account's daily limit.
     */
    async analyze(actor: Actor, input: SentimentAnalyzeInput) {
      const texts: TextParts[] = input.texts
        ? input.texts.map((text) => ({ body: text }))
        : [{ title: input.title, excerpt: input.excerpt, body: input.text }];
      const engine = input.engine ?? (await deps.settings.getSentimentEngine()).engine;
      if (engine === "ai") return { engine, ...(await deps.readWithModel(actor, texts)) };
      const results = texts.map((parts) => ({ ...analyzeText(parts), engine }));
      return { engine, results, notice: null };
    },

    /** Which engine scores sentiment, and the AI provider it would use (decision 260). */
    async engineSetting(actor: Actor): Promise<SentimentEngineSetting> {
      const stored = await deps.settings.getSentimentEngine();
      const provider = deps.usage.provider;
      return {
        ...stored,
        ai: {
          configured: provider !== null,
          provider: provider
            ? provider.name === "ollama"
              ? "Ollama"
              : "OpenAI-compatible API"
            : null,
          model: provider?.model ?? null,
          dailyLimit: deps.usage.dailyLimit,
          usedToday: await deps.usage.usedToday(actor),
        },
      };
    },

    /** Editors and admins switch the engine; the AI model only when a provider is configured. */
    async updateEngine(actor: Actor, engine: SentimentEngine): Promise<SentimentEngineSetting> {
      if (engine === "ai" && !deps.usage.provider) {
        throw new AppError(
          409,
          "ai_not_configured",
          "No AI provider is configured, so sentiment stays with the offline classifier. Set OLLAMA_URL, or OPENAI_BASE_URL and OPENAI_API_KEY, on the server and restart it.",
        );
      }
      await deps.settings.updateSentimentEngine(engine, actor.id);
      return this.engineSetting(actor);
    },

    /**
     * Scores what is new or changed since the last run (published articles whose row is older than
     * their last edit, feed items of the last month not scored yet), drops what is no longer
     * public, and drops the cached pages that show it. Run by the sentiment job and after newsroom
     * changes; the first run backfills everything.
     */
    async refresh(): Promise<{ articles: number; news: number }> {
      const { articleIds, news: scoredNews } = await scoring.refresh();
      if (articleIds.length > 0 || scoredNews > 0) {
        cache.invalidate([sentimentTag, ...articleIds.map((id) => articleTag(id))]);
      }
      return { articles: articleIds.length, news: scoredNews };
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
        engine: whole.engine,
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
