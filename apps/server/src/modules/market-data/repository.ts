import { and, asc, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { marketDataCache, marketPriceHistory } from "../../db/schema";

/** A coin's figures for one UTC hour (decision 125). */
export interface HistoryPoint {
  symbol: string;
  /** The start of the hour. */
  hour: Date;
  price: number;
  marketCap: number | null;
  volume: number | null;
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters (5 a row). */
const rowsPerStatement = 1000;

/** Reads and writes the market-data cache rows and the price history; the only place their queries live. */
export function createMarketDataRepository(db: Executor) {
  async function write(key: string, payload: unknown, tx: Executor = db): Promise<void> {
    const updatedAt = new Date();
    await tx
      .insert(marketDataCache)
      .values({ key, payload, updatedAt })
      .onConflictDoUpdate({ target: marketDataCache.key, set: { payload, updatedAt } });
  }

  return {
    async read<T>(key: string, tx: Executor = db): Promise<{ payload: T; updatedAt: Date } | null> {
      const [row] = await tx
        .select()
        .from(marketDataCache)
        .where(eq(marketDataCache.key, key))
        .limit(1);
      return row ? { payload: row.payload as T, updatedAt: row.updatedAt } : null;
    },

    write,

    /** The polled hour's points: a later poll in the same hour replaces the figures. */
    async recordHourlyPoints(points: HistoryPoint[], tx: Executor = db): Promise<void> {
      if (points.length === 0) return;
      await tx
        .insert(marketPriceHistory)
        .values(points)
        .onConflictDoUpdate({
          target: [marketPriceHistory.symbol, marketPriceHistory.hour],
          set: {
            price: sql`excluded.price`,
            marketCap: sql`excluded.market_cap`,
            volume: sql`excluded.volume`,
          },
        });
    },

    /**
     * A coin's backfilled points and the backfill record that says so, in one transaction: a
     * failure leaves neither. Hours we recorded ourselves keep our figures.
     */
    async writeBackfill(
      points: HistoryPoint[],
      record: { key: string; payload: unknown },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (let start = 0; start < points.length; start += rowsPerStatement) {
          await tx
            .insert(marketPriceHistory)
            .values(points.slice(start, start + rowsPerStatement))
            .onConflictDoNothing();
        }
        await write(record.key, record.payload, tx);
      });
    },

    /** Deletes the points before `before`; one indexed range, usually an hour's worth. */
    async deleteHistoryBefore(before: Date, tx: Executor = db): Promise<number> {
      const rows = await tx
        .delete(marketPriceHistory)
        .where(lt(marketPriceHistory.hour, before))
        .returning({ symbol: marketPriceHistory.symbol });
      return rows.length;
    },

    /**
     * The coins' points after `since`, oldest first, one per `stepHours` (the last point of each
     * UTC-aligned step, so the newest point is always in).
     */
    async readHistory(
      symbols: string[],
      since: Date,
      stepHours: number,
      tx: Executor = db,
    ): Promise<HistoryPoint[]> {
      if (symbols.length === 0) return [];
      // A literal, not a parameter: DISTINCT ON and ORDER BY must be the same expression.
      const stepSeconds = sql.raw(String(Math.max(1, Math.trunc(stepHours)) * 3600));
      const step = sql`floor(extract(epoch from ${marketPriceHistory.hour}) / ${stepSeconds})`;
      return tx
        .selectDistinctOn([marketPriceHistory.symbol, step], {
          symbol: marketPriceHistory.symbol,
          hour: marketPriceHistory.hour,
          price: marketPriceHistory.price,
          marketCap: marketPriceHistory.marketCap,
          volume: marketPriceHistory.volume,
        })
        .from(marketPriceHistory)
        .where(and(inArray(marketPriceHistory.symbol, symbols), gt(marketPriceHistory.hour, since)))
        .orderBy(asc(marketPriceHistory.symbol), asc(step), desc(marketPriceHistory.hour));
    },
  };
}

export type MarketDataRepository = ReturnType<typeof createMarketDataRepository>;
