import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type CampaignRow, campaigns, partnerPushes } from "../../db/schema";

/** Campaign rows (their own table); their articles are partner_pushes rows, counted here only. */
export function createCampaignsRepository(db: Executor) {
  return {
    async insert(values: typeof campaigns.$inferInsert, tx: Executor = db): Promise<CampaignRow> {
      const [row] = await tx.insert(campaigns).values(values).returning();
      return row;
    },

    async find(id: number, tx: Executor = db): Promise<CampaignRow | undefined> {
      const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
      return row;
    },

    list(limit: number, tx: Executor = db): Promise<CampaignRow[]> {
      return tx
        .select()
        .from(campaigns)
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(limit);
    },

    async update(id: number, change: Partial<typeof campaigns.$inferInsert>, tx: Executor = db) {
      const [row] = await tx.update(campaigns).set(change).where(eq(campaigns.id, id)).returning();
      return row;
    },

    /** Push counts per status for each campaign. */
    async pushCounts(ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          campaignId: partnerPushes.campaignId,
          status: partnerPushes.status,
          value: sql<number>`count(*)::int`,
        })
        .from(partnerPushes)
        .where(inArray(partnerPushes.campaignId, ids))
        .groupBy(partnerPushes.campaignId, partnerPushes.status);
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
