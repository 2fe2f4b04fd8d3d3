import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { liveCoverage, liveUpdates, users } from "../../db/schema";

/** The live coverage rows and their updates (decision 234); the only place their queries live. */
export function createLiveCoverageRepository(db: Executor) {
  const updateSelection = {
    id: liveUpdates.id,
    articleId: liveUpdates.articleId,
    content: liveUpdates.content,
    imageUrl: liveUpdates.imageUrl,
    authorId: liveUpdates.authorId,
    firstName: users.firstName,
    lastName: users.lastName,
    createdAt: liveUpdates.createdAt,
    updatedAt: liveUpdates.updatedAt,
  };
  return {
    async coverage(articleId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(liveCoverage)
        .where(eq(liveCoverage.articleId, articleId))
        .limit(1);
      return row ?? null;
    },

    /** Starts (or restarts) the coverage; a running one keeps its start. */
    async start(articleId: number, userId: number, at: Date, tx: Executor = db) {
      await tx
        .insert(liveCoverage)
        .values({ articleId, startedAt: at, startedBy: userId })
        .onConflictDoUpdate({
          target: liveCoverage.articleId,
          set: {
            startedAt: sql`case when ${liveCoverage.endedAt} is null then ${liveCoverage.startedAt} else excluded.started_at end`,
            endedAt: null,
          },
        });
    },

    /** Ends a running coverage; an ended (or never started) one is left as it is. */
    async end(articleId: number, at: Date, tx: Executor = db) {
      await tx
        .update(liveCoverage)
        .set({ endedAt: at })
        .where(and(eq(liveCoverage.articleId, articleId), sql`${liveCoverage.endedAt} is null`));
    },

    /** Ids of the articles live now (for the cards' badge). */
    async liveArticleIds(tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ articleId: liveCoverage.articleId })
        .from(liveCoverage)
        .where(sql`${liveCoverage.endedAt} is null`);
      return rows.map((row) => row.articleId);
    },

    async insertUpdate(
      values: { articleId: number; content: string; imageUrl: string | null; authorId: number },
      tx: Executor = db,
    ) {
      const [row] = await tx.insert(liveUpdates).values(values).returning({ id: liveUpdates.id });
      return row!.id;
    },

    async findUpdate(articleId: number, updateId: number, tx: Executor = db) {
      const [row] = await tx
        .select(updateSelection)
        .from(liveUpdates)
        .leftJoin(users, eq(users.id, liveUpdates.authorId))
        .where(and(eq(liveUpdates.articleId, articleId), eq(liveUpdates.id, updateId)))
        .limit(1);
      return row ?? null;
    },

    async editUpdate(
      updateId: number,
      values: { content: string; imageUrl: string | null },
      tx: Executor = db,
    ) {
      await tx
        .update(liveUpdates)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(liveUpdates.id, updateId));
    },

    async deleteUpdate(updateId: number, tx: Executor = db) {
      await tx.delete(liveUpdates).where(eq(liveUpdates.id, updateId));
    },

    /** Newest first; with `after`, only those posted or corrected after it. */
    async updates(articleId: number, after: Date | null, limit: number, tx: Executor = db) {
      return tx
        .select(updateSelection)
        .from(liveUpdates)
        .leftJoin(users, eq(users.id, liveUpdates.authorId))
        .where(
          and(
            eq(liveUpdates.articleId, articleId),
            // Clients send back the millisecond time they were given; PostgreSQL keeps
            // microseconds, so compare at the precision the client has.
            after
              ? sql`date_trunc('milliseconds', ${liveUpdates.updatedAt}) > ${after.toISOString()}::timestamptz`
              : undefined,
          ),
        )
        .orderBy(desc(liveUpdates.createdAt), desc(liveUpdates.id))
        .limit(limit);
    },
  };
}

export type LiveCoverageRepository = ReturnType<typeof createLiveCoverageRepository>;
export type LiveUpdateRecord = Awaited<ReturnType<LiveCoverageRepository["updates"]>>[number];
