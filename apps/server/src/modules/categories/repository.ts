import { asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { articles, type CategoryRow, categories } from "../../db/schema";
import { publicCondition } from "../articles/selection-repository";

export function createCategoriesRepository(db: Executor) {
  return {
    async listAll(tx: Executor = db): Promise<CategoryRow[]> {
      return tx.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.name));
    },

    async findBySlug(slug: string, tx: Executor = db): Promise<CategoryRow | undefined> {
      const [row] = await tx.select().from(categories).where(eq(categories.slug, slug)).limit(1);
      return row;
    },

    /** How many public articles each category holds directly (not counting subcategories). */
    async publicArticleCounts(tx: Executor = db): Promise<Map<number, number>> {
      const rows = await tx
        .select({ categoryId: articles.categoryId, count: sql<number>`count(*)::int` })
        .from(articles)
        .where(sql`${publicCondition()} and ${isNotNull(articles.categoryId)}`)
        .groupBy(articles.categoryId);
      return new Map(rows.map((row) => [row.categoryId as number, row.count]));
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
