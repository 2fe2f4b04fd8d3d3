import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { marketDataCache } from "../../db/schema";

/** Reads and writes the market-data cache rows; the only place its queries live. */
export function createMarketDataRepository(db: Executor) {
  return {
    async read<T>(key: string, tx: Executor = db): Promise<{ payload: T; updatedAt: Date } | null> {
      const [row] = await tx
        .select()
        .from(marketDataCache)
        .where(eq(marketDataCache.key, key))
        .limit(1);
      return row ? { payload: row.payload as T, updatedAt: row.updatedAt } : null;
    },

    async write(key: string, payload: unknown, tx: Executor = db): Promise<void> {
      const updatedAt = new Date();
      await tx
        .insert(marketDataCache)
        .values({ key, payload, updatedAt })
        .onConflictDoUpdate({ target: marketDataCache.key, set: { payload, updatedAt } });
    },
  };
}

export type MarketDataRepository = ReturnType<typeof createMarketDataRepository>;
