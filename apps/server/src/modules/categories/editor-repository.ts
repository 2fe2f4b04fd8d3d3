import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { deleteRows } from "../../db/delete-rows";
import { slugFamily } from "../../db/like";
import { articles, type CategoryRow, categories } from "../../db/schema";

type NewCategoryRow = typeof categories.$inferInsert;

/** Category writes and the full list (inactive ones and every article status counted). */
export function createCategoryEditorRepository(db: Executor) {
  return {
    async listWithCounts(tx: Executor = db) {
      return tx
        .select({
          category: categories,
          articleCount: sql<number>`count(${articles.id})::int`,
        })
        .from(categories)
        .leftJoin(articles, eq(articles.categoryId, categories.id))
        .groupBy(categories.id)
        .orderBy(asc(categories.sortOrder), asc(categories.name));
    },

    async findById(id: number, tx: Executor = db): Promise<CategoryRow | undefined> {
      const [row] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1);
      return row;
    },

    async findWithCount(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ category: categories, articleCount: sql<number>`count(${articles.id})::int` })
        .from(categories)
        .leftJoin(articles, eq(articles.categoryId, categories.id))
        .where(eq(categories.id, id))
        .groupBy(categories.id);
      return row;
    },

    /** Every category as id -> parentId, to walk the tree for cycles and subtrees. */
    async parentLinks(tx: Executor = db) {
      return tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    },

    async slugsLike(base: string, exceptId: number | undefined, tx: Executor = db) {
      const rows = await tx
        .select({ slug: categories.slug })
        .from(categories)
        .where(
          and(
            slugFamily(categories.slug, base),
            exceptId ? ne(categories.id, exceptId) : undefined,
          ),
        );
      return rows.map((row) => row.slug);
    },

    /** The id of the category with this slug, inserted with these values when missing. */
    async insertIfMissing(values: NewCategoryRow & { slug: string }, tx: Executor = db) {
      await tx.insert(categories).values(values).onConflictDoNothing();
      const [row] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.slug, values.slug))
        .limit(1);
      return row.id;
    },

    async insert(values: NewCategoryRow, tx: Executor = db): Promise<CategoryRow> {
      const [row] = await tx.insert(categories).values(values).returning();
      return row;
    },

    async update(id: number, values: Partial<NewCategoryRow>, tx: Executor = db) {
      const [row] = await tx
        .update(categories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning();
      return row as CategoryRow | undefined;
    },

    async countUsage(id: number, tx: Executor = db) {
      const [{ articleCount }] = await tx
        .select({ articleCount: count() })
        .from(articles)
        .where(eq(articles.categoryId, id));
      const [{ childCount }] = await tx
        .select({ childCount: count() })
        .from(categories)
        .where(eq(categories.parentId, id));
      return { articleCount, childCount };
    },

    async moveChildren(fromId: number, toParentId: number | null, tx: Executor = db) {
      const rows = await tx
        .update(categories)
        .set({ parentId: toParentId, updatedAt: new Date() })
        .where(eq(categories.parentId, fromId))
        .returning({ id: categories.id });
      return rows.length;
    },

    delete(id: number, tx: Executor = db): Promise<boolean> {
      return deleteRows(tx, categories, eq(categories.id, id));
    },

    async existingIds(ids: number[], tx: Executor = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, ids));
      return rows.map((row) => row.id);
    },
  };
}

export type CategoryEditorRepository = ReturnType<typeof createCategoryEditorRepository>;
