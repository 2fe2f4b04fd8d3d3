import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  type ImageBatchItemRecord,
  type ImageBatchRow,
  type ImageGenerationRow,
  imageBatches,
  imageGenerations,
  type NewImageGenerationRow,
} from "../../db/schema";

/** The image log and the bulk batches (the tables of this module). */
export function createAiImagesRepository(db: Executor) {
  return {
    async insertGeneration(values: NewImageGenerationRow): Promise<ImageGenerationRow> {
      const [row] = await db.insert(imageGenerations).values(values).returning();
      return row;
    },

    async updateGeneration(id: number, change: Partial<NewImageGenerationRow>): Promise<void> {
      await db.update(imageGenerations).set(change).where(eq(imageGenerations.id, id));
    },

    /** Calls to one service started since a moment: the per-minute pace counts these. */
    async startsSince(provider: string, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ createdAt: imageGenerations.createdAt })
        .from(imageGenerations)
        .where(and(eq(imageGenerations.provider, provider), gte(imageGenerations.createdAt, since)))
        .orderBy(imageGenerations.createdAt);
      return rows.map((row) => row.createdAt);
    },

    /** What one service cost since a moment, in millionths of a dollar (reserved calls included). */
    async costSince(provider: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${imageGenerations.costMicros}), 0)` })
        .from(imageGenerations)
        .where(
          and(eq(imageGenerations.provider, provider), gte(imageGenerations.createdAt, since)),
        );
      return Number(row?.total ?? 0);
    },

    async insertBatch(
      values: {
        userId: number;
        userRole: string;
        provider: string;
        items: ImageBatchItemRecord[];
        costPerImageMicros: number;
        estimatedCostMicros: number;
      },
      tx: Executor = db,
    ): Promise<ImageBatchRow> {
      const [row] = await tx.insert(imageBatches).values(values).returning();
      return row;
    },

    async findBatch(id: number): Promise<ImageBatchRow | undefined> {
      const [row] = await db.select().from(imageBatches).where(eq(imageBatches.id, id)).limit(1);
      return row;
    },

    async listBatches(options: { userId?: number; limit: number }): Promise<ImageBatchRow[]> {
      return db
        .select()
        .from(imageBatches)
        .where(options.userId ? eq(imageBatches.userId, options.userId) : undefined)
        .orderBy(desc(imageBatches.createdAt), desc(imageBatches.id))
        .limit(options.limit);
    },

    /**
     * Writes the items (and status) of a running batch; its worker holds the batch's work queue
     * claim (decision 306). When the batch was cancelled meanwhile, the worker's last result still
     * goes in, with its articles not done marked cancelled. Answers the batch's status then, or
     * null when it is no longer there or already completed.
     */
    async saveBatchProgress(
      id: number,
      change: { items: ImageBatchItemRecord[]; status?: string },
      now: Date,
    ): Promise<"running" | "completed" | "cancelled" | null> {
      const rows = await db
        .update(imageBatches)
        .set({ ...change, updatedAt: now })
        .where(and(eq(imageBatches.id, id), eq(imageBatches.status, "running")))
        .returning({ status: imageBatches.status });
      if (rows.length > 0) return rows[0].status as "running" | "completed";
      const cancelled = await db
        .update(imageBatches)
        .set({
          items: change.items.map((item) =>
            item.status === "pending" || item.status === "running"
              ? { ...item, status: "cancelled" as const }
              : item,
          ),
          updatedAt: now,
        })
        .where(and(eq(imageBatches.id, id), eq(imageBatches.status, "cancelled")))
        .returning({ id: imageBatches.id });
      return cancelled.length > 0 ? "cancelled" : null;
    },

    /** Cancels a running batch: its articles not yet started are marked cancelled. */
    async cancelBatch(id: number, now: Date): Promise<ImageBatchRow | undefined> {
      const [row] = await db
        .update(imageBatches)
        .set({
          status: "cancelled",
          updatedAt: now,
          items: sql`(select coalesce(jsonb_agg(case when item->>'status' in ('pending', 'running') then jsonb_set(item, '{status}', '"cancelled"') else item end order by ordinality), '[]'::jsonb) from jsonb_array_elements(${imageBatches.items}) with ordinality as element(item, ordinality))`,
        })
        .where(and(eq(imageBatches.id, id), eq(imageBatches.status, "running")))
        .returning();
      return row;
    },
  };
}

export type AiImagesRepository = ReturnType<typeof createAiImagesRepository>;
