import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { articleLikes, articles } from "../../db/schema";

/** What a reader does to an article: a counted view, a like. */
export function createArticleReaderActionsRepository(db: Executor) {
  return {
    /**
     * Counts a view once per article and session id. The primary key of article_views decides,
     * and the counter moves in the same statement, so concurrent calls cannot double count.
     */
    async recordView(
      articleId: number,
      sessionId: string,
      userId: number | null,
      tx: Executor = db,
    ): Promise<{ counted: boolean; viewCount: number }> {
      const result = (await tx.execute(sql`
        with inserted as (
          insert into article_views (article_id, session_id, user_id)
          values (${articleId}, ${sessionId}, ${userId})
          on conflict do nothing
          returning article_id
        )
        update articles set view_count = view_count + 1
        where id = ${articleId} and exists (select 1 from inserted)
        returning view_count`)) as unknown as { rows: Array<{ view_count: number }> };
      const [counted] = result.rows;
      if (counted) return { counted: true, viewCount: Number(counted.view_count) };
      const [row] = await tx
        .select({ viewCount: articles.viewCount })
        .from(articles)
        .where(eq(articles.id, articleId));
      return { counted: false, viewCount: row?.viewCount ?? 0 };
    },

    async viewCount(articleId: number, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ viewCount: articles.viewCount })
        .from(articles)
        .where(eq(articles.id, articleId));
      return row?.viewCount;
    },

    /** Likes or unlikes for this user; the stored count is recounted in the same transaction. */
    async toggleLike(
      articleId: number,
      userId: number,
      tx: Executor = db,
    ): Promise<{ liked: boolean; likeCount: number }> {
      return tx.transaction(async (inner) => {
        const inserted = await inner
          .insert(articleLikes)
          .values({ articleId, userId })
          .onConflictDoNothing()
          .returning({ articleId: articleLikes.articleId });
        const liked = inserted.length > 0;
        if (!liked) {
          await inner
            .delete(articleLikes)
            .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.userId, userId)));
        }
        const [row] = await inner
          .update(articles)
          .set({
            likeCount: sql`(select count(*)::int from ${articleLikes} where ${articleLikes.articleId} = ${articleId})`,
          })
          .where(eq(articles.id, articleId))
          .returning({ likeCount: articles.likeCount });
        return { liked, likeCount: row?.likeCount ?? 0 };
      });
    },

    async hasLiked(articleId: number, userId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ articleId: articleLikes.articleId })
        .from(articleLikes)
        .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.userId, userId)))
        .limit(1);
      return !!row;
    },
  };
}
