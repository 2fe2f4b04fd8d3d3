import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  type AiGenerationRow,
  aiGenerations,
  type NewAiGenerationRow,
  users,
} from "../../db/schema";
import { userNameColumns } from "../../db/user-name-columns";

/** The AI writer's generation log (its own table; articles are written by the article editor). */
export function createAiGenerationsRepository(db: Executor) {
  return {
    async insert(values: NewAiGenerationRow, tx: Executor = db): Promise<AiGenerationRow> {
      const [row] = await tx.insert(aiGenerations).values(values).returning();
      return row;
    },

    async update(
      id: number,
      change: Partial<NewAiGenerationRow>,
      tx: Executor = db,
    ): Promise<void> {
      await tx.update(aiGenerations).set(change).where(eq(aiGenerations.id, id));
    },

    /**
     * Links a generation to the article saved from it; false when it already was (a second save
     * of the same generation, also one that arrived at the same moment: the row lock orders them).
     */
    async linkArticle(id: number, articleId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(aiGenerations)
        .set({ articleId })
        .where(
          and(
            eq(aiGenerations.id, id),
            sql`${aiGenerations.articleId} is distinct from ${articleId}`,
          ),
        )
        .returning({ id: aiGenerations.id });
      return rows.length > 0;
    },

    async find(id: number, tx: Executor = db): Promise<AiGenerationRow | undefined> {
      const [row] = await tx.select().from(aiGenerations).where(eq(aiGenerations.id, id)).limit(1);
      return row;
    },

    /** The newest log entries, all or one user's, with who asked. */
    async listRecent(options: { userId?: number; limit: number }, tx: Executor = db) {
      return tx
        .select({
          generation: aiGenerations,
          user: userNameColumns,
        })
        .from(aiGenerations)
        .innerJoin(users, eq(users.id, aiGenerations.userId))
        .where(options.userId ? eq(aiGenerations.userId, options.userId) : undefined)
        .orderBy(desc(aiGenerations.createdAt), desc(aiGenerations.id))
        .limit(options.limit);
    },

    /** Generations a user asked for since a moment (the daily limit counts every attempt). */
    async countSince(userId: number, since: Date, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(aiGenerations)
        .where(and(eq(aiGenerations.userId, userId), gte(aiGenerations.createdAt, since)));
      return row?.value ?? 0;
    },
  };
}

export type AiGenerationsRepository = ReturnType<typeof createAiGenerationsRepository>;
