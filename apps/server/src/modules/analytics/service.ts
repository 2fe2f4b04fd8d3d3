import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  type AnalyticsOverview,
  type ArticleAnalytics,
  type ArticleAnalyticsDetails,
  hourlyWindowHours,
  type ReadingEvent,
  type ReferrerSource,
  timeOnPageBuckets,
  trendingPositionDepth,
  type ViewSource,
} from "@aurumwire/shared/analytics";
import { isEditor, isStaff } from "@aurumwire/shared/roles";
import type { UserRow } from "../../db/schema";
import { notFound } from "../../errors";
import type { CounterStore } from "../../lib/counters";
import type { ArticlesService } from "../articles/service";
import type { AnalyticsRecorder } from "./recorder";
import { classifyReferrer } from "./referrer";
import type { AnalyticsRepository, AnalyticsScope } from "./repository";

export type AnalyticsViewer = Pick<UserRow, "id" | "role"> | null;

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
/** A page may send its reading events for this long after the view was counted. */
const readingTokenLifetimeMs = dayMs;
const topListSize = 10;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const startOfHour = (at: Date) => {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
};

/**
 * Article analytics (issue 22). Views arrive from the articles service after its de-duplication
 * and bot filter (decision 074) have counted them; reading events (read-through, time on page)
 * arrive from the article page with the token handed out with that counted view, and count once
 * per token. Everything is aggregated by the recorder; nothing stored names a reader.
 */
export function createAnalyticsService(deps: {
  repository: AnalyticsRepository;
  recorder: AnalyticsRecorder;
  articles: ArticlesService;
  counters: CounterStore;
  secret: string;
  ownHosts: readonly string[];
  now?: () => Date;
}) {
  const { repository, recorder, articles, counters, secret } = deps;
  const now = deps.now ?? (() => new Date());
  const sign = (payload: string) =>
    createHmac("sha256", `${secret}:reading-token`)
      .update(payload)
      .digest("base64url")
      .slice(0, 22);

  function readingToken(articleId: number, at: Date): string {
    const payload = `${articleId}.${Math.floor(at.getTime() / 1000)}.${randomBytes(9).toString("base64url")}`;
    return `${payload}.${sign(payload)}`;
  }

  /** The token's nonce when it is ours, for this article and still fresh; otherwise null. */
  function verifiedNonce(token: string, articleId: number): string | null {
    const match = /^(\d+)\.(\d+)\.([\w-]{12})\.([\w-]{22})$/.exec(token);
    if (!match || Number(match[1]) !== articleId) return null;
    const expected = Buffer.from(sign(`${match[1]}.${match[2]}.${match[3]}`));
    const given = Buffer.from(match[4]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const age = now().getTime() - Number(match[2]) * 1000;
    return age >= -60_000 && age <= readingTokenLifetimeMs ? match[3] : null;
  }

  function scopeFor(viewer: NonNullable<AnalyticsViewer>): AnalyticsScope {
    return isEditor(viewer) ? "all" : { authorId: viewer.id };
  }

  async function details(
    article: NonNullable<Awaited<ReturnType<AnalyticsRepository["articleCounts"]>>>,
  ): Promise<ArticleAnalyticsDetails> {
    const current = now();
    const start = startOfHour(article.publishedAt ?? article.createdAt);
    const hourlyEnd = new Date(
      Math.min(start.getTime() + (hourlyWindowHours - 1) * hourMs, current.getTime()),
    );
    const dailyFrom = new Date(start.getTime() + hourlyWindowHours * hourMs);
    const [uniqueReaders, hourlyRows, dailyRows, totals, referrers, trending] = await Promise.all([
      repository.uniqueReaders(article.id),
      repository.hourlyViews(article.id, start, hourlyEnd),
      repository.dailyFigures(article.id, dayOf(dailyFrom)),
      repository.articleTotals(article.id),
      repository.articleReferrers(article.id, topListSize),
      articles.trending(trendingPositionDepth),
    ]);
    const byHour = new Map(hourlyRows.map((row) => [row.hour.getTime(), row.views]));
    const viewsByHour: ArticleAnalyticsDetails["viewsByHour"] = [];
    for (let at = start.getTime(); at <= hourlyEnd.getTime(); at += hourMs)
      viewsByHour.push({ at: new Date(at).toISOString(), views: byHour.get(at) ?? 0 });
    const byDay = new Map(dailyRows.map((row) => [row.day, row.views]));
    const viewsByDay: ArticleAnalyticsDetails["viewsByDay"] = [];
    // Day by day after the first 48 hours (the day they end in included), up to today.
    for (let at = Date.parse(dayOf(dailyFrom)); at <= current.getTime(); at += dayMs) {
      const day = dayOf(new Date(at));
      viewsByDay.push({ day, views: byDay.get(day) ?? 0 });
    }
    const position = trending.findIndex((candidate) => candidate.id === article.id);
    return {
      uniqueReaders,
      trackedViews: totals.views,
      viewsByHour,
      viewsByDay,
      referrers: referrers.map((row) => ({ ...row, source: row.source as ReferrerSource })),
      readThrough: {
        reads: totals.readThroughs,
        share: totals.views > 0 ? Math.min(1, totals.readThroughs / totals.views) : null,
      },
      timeOnPage: {
        reports: totals.timedReads,
        averageSeconds:
          totals.timedReads > 0 ? Math.round(totals.secondsOnPage / totals.timedReads) : null,
        buckets: timeOnPageBuckets.map((bucket) => ({
          key: bucket.key,
          label: bucket.label,
          count: totals[bucket.key],
        })),
      },
      trendingPosition: position === -1 ? null : position + 1,
    };
  }

  return {
    /**
     * A view the articles service counted: aggregated (no write here) and answered with the
     * token the page sends its reading events with.
     */
    viewCounted(articleId: number, source: ViewSource | undefined, requestHost?: string): string {
      const at = now();
      const referrer = classifyReferrer(source, [
        ...deps.ownHosts,
        ...(requestHost ? [requestHost] : []),
      ]);
      recorder.record({ kind: "view", articleId, at, ...referrer });
      return readingToken(articleId, at);
    },

    /** A read-through or time on page, counted once per counted view (its token). */
    async recordReading(slugOrId: string, event: ReadingEvent): Promise<{ counted: boolean }> {
      const articleId = Number(slugOrId);
      const nonce = Number.isSafeInteger(articleId) ? verifiedNonce(event.token, articleId) : null;
      if (nonce === null) return { counted: false };
      const seen = await counters.hit(`reading:${event.event}:${nonce}`, readingTokenLifetimeMs);
      if (seen.count > 1) return { counted: false };
      const at = now();
      if (event.event === "read-through") recorder.record({ kind: "read-through", articleId, at });
      else recorder.record({ kind: "time-on-page", articleId, at, seconds: event.seconds });
      return { counted: true };
    },

    /**
     * Public counts for everyone who may see the article; the details for its author, editors
     * and admins. Articles a caller may not see are not found (spec point 7: 404 gives null).
     */
    async articleAnalytics(slugOrId: string, viewer: AnalyticsViewer): Promise<ArticleAnalytics> {
      const visible = await articles.get(slugOrId, viewer);
      const article = await repository.articleCounts(visible.id);
      if (!article) throw notFound("Article not found", "article_not_found");
      const mayReadDetails =
        viewer !== null && isStaff(viewer) && (isEditor(viewer) || article.authorId === viewer.id);
      return {
        articleId: article.id,
        title: article.title,
        views: article.views,
        likes: article.likes,
        details: mayReadDetails ? await details(article) : null,
      };
    },

    /** The dashboard home's figures: every article for editors and admins, their own for authors. */
    async overview(viewer: NonNullable<AnalyticsViewer>): Promise<AnalyticsOverview> {
      const scope = scopeFor(viewer);
      const current = now();
      const today = dayOf(current);
      const from30 = dayOf(new Date(current.getTime() - 29 * dayMs));
      const from7 = dayOf(new Date(current.getTime() - 6 * dayMs));
      const [daily, topToday, topWeek, topCategories, topReferrers] = await Promise.all([
        repository.viewsByDay(scope, from30),
        repository.topArticles(scope, today, today, topListSize),
        repository.topArticles(scope, from7, today, topListSize),
        repository.topCategories(scope, from7, topListSize),
        repository.topReferrers(scope, from7, topListSize),
      ]);
      const byDay = new Map(daily.map((row) => [row.day, row]));
      const viewsByDay = Array.from({ length: 30 }, (_, index) => {
        const day = dayOf(new Date(Date.parse(from30) + index * dayMs));
        return { day, views: Number(byDay.get(day)?.views ?? 0) };
      });
      const previous7 = viewsByDay.slice(-8, -1);
      return {
        scope: scope === "all" ? "site" : "own",
        today: {
          day: today,
          views: Number(byDay.get(today)?.views ?? 0),
          readThroughs: Number(byDay.get(today)?.readThroughs ?? 0),
        },
        previous7DaysAverage:
          Math.round((previous7.reduce((sum, row) => sum + row.views, 0) / 7) * 10) / 10,
        viewsByDay,
        topToday: topToday.map((row) => ({ ...row, views: Number(row.views) })),
        topWeek: topWeek.map((row) => ({ ...row, views: Number(row.views) })),
        topCategories: topCategories.map((row) => ({ ...row, views: Number(row.views) })),
        topReferrers: topReferrers.map((row) => ({
          ...row,
          source: row.source as ReferrerSource,
          views: Number(row.views),
        })),
      };
    },

    flush: () => recorder.flush(),
    pendingCount: () => recorder.pendingCount(),
    close: () => recorder.close(),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
