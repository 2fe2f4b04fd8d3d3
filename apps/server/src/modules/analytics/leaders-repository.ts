import { and, desc, gte, inArray, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { articleDailyStats } from "../../db/schema";
import type { AnalyticsScope } from "./repository";

/** The sum of a figure column over the rows, 0 for none. */
export const sumOf = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::int`;

/**
 * The `limit` articles with the most views summed from `fromDay` to `toDay` (those `only` keeps),
 * most first, ties by the higher article id; articles with no views are left out.
 */
export function rankArticlesByViews(
  tx: Executor,
  range: { fromDay: string; toDay: string; limit: number },
  only: SQL | undefined,
): Promise<Array<{ articleId: number; views: number }>> {
  const views = sumOf(articleDailyStats.views);
  return tx
    .select({ articleId: articleDailyStats.articleId, views })
    .from(articleDailyStats)
    .where(
      and(gte(articleDailyStats.day, range.fromDay), lte(articleDailyStats.day, range.toDay), only),
    )
    .groupBy(articleDailyStats.articleId)
    .having(sql`sum(${articleDailyStats.views}) > 0`)
    .orderBy(desc(views), desc(articleDailyStats.articleId))
    .limit(range.limit);
}

/** Leaders per day taken for the bound of topArticles, as a multiple of the list's length. */
const leadersPerList = 5;

/**
 * The top `limit` articles (of the scope) by views summed over the days, from each day's leaders
 * (the threshold algorithm), or null when the leaders cannot decide it and every article must be
 * summed.
 */
export async function rankFromDailyLeaders(
  scope: AnalyticsScope,
  fromDay: string,
  toDay: string,
  limit: number,
  tx: Executor,
): Promise<Array<{ articleId: number; views: number }> | null> {
  const perDay = limit * leadersPerList;
  const ownArticles =
    scope === "all"
      ? sql``
      : sql`and s.article_id in (select a.id from articles a where a.author_id = ${scope.authorId})`;
  const leaders = (
    (await tx.execute(sql`
      select d.day::date::text as day, l.article_id, l.views
      from generate_series(${fromDay}::date, ${toDay}::date, interval '1 day') as d(day)
      cross join lateral (
        select s.article_id, s.views from article_daily_stats s
        where s.day = d.day::date and s.views > 0 ${ownArticles}
        order by s.views desc limit ${perDay}
      ) l`)) as unknown as { rows: Array<{ day: string; article_id: number; views: number }> }
  ).rows;
  const lists = new Map<string, number[]>();
  for (const row of leaders) {
    const list = lists.get(row.day) ?? [];
    list.push(Number(row.views));
    lists.set(row.day, list);
  }
  // An article outside every day's leaders has at most the last leader's views on a full day.
  let bound = 0;
  for (const list of lists.values()) if (list.length === perDay) bound += Math.min(...list);
  const candidates = [...new Set(leaders.map((row) => Number(row.article_id)))];
  if (candidates.length === 0) return bound === 0 ? [] : null;
  // Every candidate led a day of the range with views, so none is left out for having none.
  const ranked = await rankArticlesByViews(
    tx,
    { fromDay, toDay, limit },
    inArray(articleDailyStats.articleId, candidates),
  );
  if (bound === 0) return ranked;
  const last = ranked.at(-1);
  return ranked.length === limit && last && Number(last.views) > bound ? ranked : null;
}
