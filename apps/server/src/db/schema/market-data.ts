import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The market-data service's last good provider answer and its backoff state, kept in the database
 * so every instance serves the same numbers (only one polls the provider when REDIS_URL is set) and
 * a restart does not fall back to sample data. Keys: "snapshot", "provider-state".
 */
export const marketDataCache = pgTable("market_data_cache", {
  key: text("key").primaryKey(),
  payload: jsonb("payload").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type MarketDataCacheRow = typeof marketDataCache.$inferSelect;
