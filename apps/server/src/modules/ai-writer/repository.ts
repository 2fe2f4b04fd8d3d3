import { and, count, desc, eq, gte } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  type AiGenerationRow,
  aiGenerations,
  type NewAiGenerationRow,
  users,
} from "../../db/schema";

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

    async find(id: number, tx: Executor = db): Promise<AiGenerationRow | undefined> {
      const [row] = await tx.select().from(aiGenerations).where(eq(aiGenerations.id, id)).limit(1);
      return row;
    },

    /** The newest log entries, all or one user's, with who asked. */
    async listRecent(options: { userId?: number; limit: number }, tx: Executor = db) {
      return tx
        .select({
          generation: aiGenerations,
          user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
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
