import {
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * The market-data service's last good provider answer, its backoff state and which coins' price
 * history was backfilled, kept in the database so every instance serves the same numbers (only
 * one polls the provider when REDIS_URL is set) and a restart does not fall back to sample data.
 * Keys: "snapshot", "provider-state", "history-backfill".
 */
export const marketDataCache = pgTable("market_data_cache", {
  key: text("key").primaryKey(),
  payload: jsonb("payload").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type MarketDataCacheRow = typeof marketDataCache.$inferSelect;

/**
 * The tracked coins' price history (decision 125): one point per coin (our ticker symbol) per UTC
 * hour, written by the market poll and backfilled from the provider's market chart; points older
 * than the longest period and a margin are deleted by the poll.
 */
export const marketPriceHistory = pgTable(
  "market_price_history",
  {
    symbol: text("symbol").notNull(),
    /** The start of the UTC hour the point stands for. */
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    price: doublePrecision("price").notNull(),
    marketCap: doublePrecision("market_cap"),
    volume: doublePrecision("volume"),
  },
  (table) => [
    primaryKey({ columns: [table.symbol, table.hour] }),
    // Retention deletes by hour across coins.
    index("market_price_history_hour_idx").on(table.hour),
  ],
);

export type MarketPriceHistoryRow = typeof marketPriceHistory.$inferSelect;
