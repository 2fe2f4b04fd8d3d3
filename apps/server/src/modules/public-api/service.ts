import type { Pagination } from "@aurumwire/shared/articles";
import {
  type AnalyticsQuery,
  type AnalyticsResponse,
  analyticsDefaultDays,
  analyticsMaxDays,
  type PublicAuthor,
  type PublicCategory,
} from "@aurumwire/shared/public-api";
import { badRequest } from "../../errors";
import { pageOffset, pagination } from "../../lib/pagination";
import type { CategoriesService } from "../categories/service";
import type { UserAccounts } from "../users/accounts-service";
import { presentPublicAuthor } from "../users/present";
import type { PublicContentRepository } from "./repository";

const dayMs = 24 * 60 * 60 * 1000;

function startOfUtcDay(date: Date) {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The read side of the public API that is not articles: categories, authors, analytics. */
export function createPublicApiService(deps: {
  content: PublicContentRepository;
  users: UserAccounts;
  categories: CategoriesService;
}) {
  const { content, users, categories } = deps;

  return {
    /** The public site's categories (active, flat, counts include subcategories). */
    async listCategories(): Promise<PublicCategory[]> {
      return categories.list();
    },

    async listAuthors(query: {
      page: number;
      limit: number;
    }): Promise<{ users: PublicAuthor[]; pagination: Pagination }> {
      const { rows, total } = await users.listPublishedAuthors({
        limit: query.limit,
        offset: pageOffset(query),
      });
      return { users: rows.map(presentPublicAuthor), pagination: pagination(query, total) };
    },

    /** Unique views (one per reader session) per UTC day, zero days included, and per article. */
    async analytics(
      query: AnalyticsQuery,
      now = new Date(),
    ): Promise<AnalyticsResponse["analytics"]> {
      const last = query.to ? new Date(`${query.to}T00:00:00Z`) : startOfUtcDay(now);
      const first = query.from
        ? new Date(`${query.from}T00:00:00Z`)
        : new Date(last.getTime() - (analyticsDefaultDays - 1) * dayMs);
      const days = Math.round((last.getTime() - first.getTime()) / dayMs) + 1;
      if (days < 1)
        throw badRequest("`from` must not be after `to`.", { from: "Must not be after to" });
      if (days > analyticsMaxDays) {
        throw badRequest(`Ask for at most ${analyticsMaxDays} days at a time.`, {
          from: `At most ${analyticsMaxDays} days`,
        });
      }
      const range = {
        start: first,
        end: new Date(last.getTime() + dayMs),
        articleId: query.articleId,
      };
      const [perDayRows, perArticle] = await Promise.all([
        content.viewsPerDay(range),
        content.viewsPerArticle(range, query.limit),
      ]);
      const byDay = new Map(perDayRows.map((row) => [row.date, row.views]));
      const perDay = Array.from({ length: days }, (_, index) => {
        const date = isoDay(new Date(first.getTime() + index * dayMs));
        return { date, views: byDay.get(date) ?? 0 };
      });
      return {
        from: isoDay(first),
        to: isoDay(last),
        totalViews: perDay.reduce((sum, day) => sum + day.views, 0),
        perDay,
        perArticle,
      };
    },
  };
}

export type PublicApiService = ReturnType<typeof createPublicApiService>;
