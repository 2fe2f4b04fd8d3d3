import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { deleteRows } from "../../db/delete-rows";
import { slugFamily } from "../../db/like";
import {
  type ArticleRow,
  articleRevisions,
  articles,
  categories,
  type NewArticleRow,
  users,
} from "../../db/schema";

/** The only place the newsroom's article writes touch the database. */
export function createArticleEditorRepository(db: Executor) {
  return {
    async findRow(id: number, tx: Executor = db, lock = false): Promise<ArticleRow | undefined> {
      const query = tx.select().from(articles).where(eq(articles.id, id)).limit(1);
      const [row] = lock ? await query.for("update") : await query;
      return row;
    },

    async stats(authorId: number | undefined, tx: Executor = db) {
      const [row] = await tx
        .select({
          total: sql<number>`count(*)::int`,
          // Scheduled articles are 'published' with a date still to come: not out yet.
          published: sql<number>`count(*) filter (where ${articles.status} = 'published' and ${articles.publishedAt} <= now())::int`,
          scheduled: sql<number>`count(*) filter (where ${articles.status} = 'published' and ${articles.publishedAt} > now())::int`,
          drafts: sql<number>`count(*) filter (where ${articles.status} = 'draft')::int`,
          archived: sql<number>`count(*) filter (where ${articles.status} = 'archived')::int`,
          totalViews: sql<number>`coalesce(sum(${articles.viewCount}), 0)::int`,
        })
        .from(articles)
        .where(authorId ? eq(articles.authorId, authorId) : undefined);
      return row;
    },

    /** Slugs that are `base` or `base-N`, to pick the next free suffix. */
    async slugsLike(base: string, exceptId: number | undefined, tx: Executor = db) {
      const rows = await tx
        .select({ slug: articles.slug })
        .from(articles)
        .where(
          and(slugFamily(articles.slug, base), exceptId ? ne(articles.id, exceptId) : undefined),
        );
      return rows.map((row) => row.slug);
    },

    async categoryExists(id: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, id))
        .limit(1);
      return !!row;
    },

    /** The article an author's request with this Idempotency-Key created, if any. */
    async findIdByCreationKey(authorId: number, creationKey: string, tx: Executor = db) {
      const [row] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.authorId, authorId), eq(articles.creationKey, creationKey)))
        .limit(1);
      return row?.id;
    },

    async insert(values: NewArticleRow, tx: Executor = db): Promise<ArticleRow> {
      const [row] = await tx.insert(articles).values(values).returning();
      return row;
    },

    async update(id: number, values: Partial<NewArticleRow>, tx: Executor = db) {
      const [row] = await tx
        .update(articles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(articles.id, id))
        .returning();
      return row as ArticleRow | undefined;
    },

    /** Files every article of one category under another; how many moved. */
    async moveCategory(fromId: number, toId: number, tx: Executor = db): Promise<number> {
      const rows = await tx
        .update(articles)
        .set({ categoryId: toId, updatedAt: new Date() })
        .where(eq(articles.categoryId, fromId))
        .returning({ id: articles.id });
      return rows.length;
    },

    delete(id: number, tx: Executor = db): Promise<boolean> {
      return deleteRows(tx, articles, eq(articles.id, id));
    },

    async insertRevision(
      values: { articleId: number; editorId: number | null; snapshot: unknown },
      tx: Executor = db,
    ) {
      const [row] = await tx.insert(articleRevisions).values(values).returning();
      return row;
    },

    /** Keeps the newest `keep` revisions of an article and deletes the rest. */
    async pruneRevisions(articleId: number, keep: number, tx: Executor = db) {
      const stale = await tx
        .select({ id: articleRevisions.id })
        .from(articleRevisions)
        .where(eq(articleRevisions.articleId, articleId))
        .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
        .offset(keep);
      if (stale.length === 0) return;
      await tx.delete(articleRevisions).where(
        inArray(
          articleRevisions.id,
          stale.map((row) => row.id),
        ),
      );
    },

    async listRevisions(articleId: number, tx: Executor = db) {
      return tx
        .select({
          revision: articleRevisions,
          editor: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        })
        .from(articleRevisions)
        .leftJoin(users, eq(users.id, articleRevisions.editorId))
        .where(eq(articleRevisions.articleId, articleId))
        .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id));
    },

    async findRevision(articleId: number, revisionId: number, tx: Executor = db) {
      const [found] = await tx
        .select({
          revision: articleRevisions,
          editor: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        })
        .from(articleRevisions)
        .leftJoin(users, eq(users.id, articleRevisions.editorId))
        .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.id, revisionId)))
        .limit(1);
      return found;
    },
  };
}

export type ArticleEditorRepository = ReturnType<typeof createArticleEditorRepository>;
