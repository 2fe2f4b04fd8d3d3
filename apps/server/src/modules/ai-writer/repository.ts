import { and, count, eq, gte } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type AiGenerationRow, aiGenerations, type NewAiGenerationRow } from "../../db/schema";

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
