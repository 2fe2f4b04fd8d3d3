import { and, eq, like, ne, or } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type ArticleRow, articles, categories, type NewArticleRow } from "../../db/schema";

/**
 * INTERIM (until issue 4's article editor service is on main): the few article writes the public
 * API needs. `interim-article-writer.ts` is the only user; both files go when the public API's
 * write routes are switched to the shared service (one line in services.ts).
 */
export function createInterimArticleRepository(db: Executor) {
  return {
    async findRow(id: number, tx: Executor = db): Promise<ArticleRow | undefined> {
      const [row] = await tx.select().from(articles).where(eq(articles.id, id)).limit(1);
      return row;
    },

    async categoryExists(id: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, id))
        .limit(1);
      return !!row;
    },

    /** Slugs equal to `base` or `base-N`, to pick a free one. */
    async slugsLike(base: string, exceptId?: number, tx: Executor = db): Promise<string[]> {
      const match = or(eq(articles.slug, base), like(articles.slug, `${base}-%`));
      const rows = await tx
        .select({ slug: articles.slug })
        .from(articles)
        .where(exceptId === undefined ? match : and(match, ne(articles.id, exceptId)));
      return rows.map((row) => row.slug);
    },

    async insert(values: NewArticleRow, tx: Executor = db): Promise<ArticleRow> {
      const [row] = await tx.insert(articles).values(values).returning();
      return row;
    },

    async update(id: number, values: Partial<NewArticleRow>, tx: Executor = db): Promise<void> {
      await tx
        .update(articles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(articles.id, id));
    },

    async remove(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(articles).where(eq(articles.id, id));
    },
  };
}

export type InterimArticleRepository = ReturnType<typeof createInterimArticleRepository>;
