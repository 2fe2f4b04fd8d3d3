import { limits } from "@aurumwire/shared/limits";
import { z } from "zod";
import { fetchText, OutboundError } from "../../lib/outbound-http";

/**
 * Adapter for a CoinGecko-compatible REST API (CoinGecko itself, its Pro host, or anything that
 * speaks the same `/coins/markets`, `/coins/{id}/market_chart` and `/global`). Answers are checked
 * and normalized here, so the rest of the module never sees the provider's field names.
 */

/** A coin as the market-data service keeps it. Numbers the provider leaves out are null. */
export interface ProviderCoin {
  id: string;
  symbol: string;
  name: string;
  price: number | null;
  change24h: number | null;
  marketCap: number | null;
  volume: number | null;
  /** The most recent 24 hourly prices of the 7-day sparkline, oldest first. */
  sparkline: number[];
}

export interface ProviderGlobal {
  totalMarketCapUsd: number;
  totalVolumeUsd: number | null;
  marketCapChange24h: number | null;
}

/** A point of a coin's market chart: the time (ms) and the price, market cap or volume then. */
export interface ProviderChartPoint {
  at: number;
  value: number;
}

/** `/coins/{id}/market_chart`: hourly for 2-90 days, oldest first. */
export interface ProviderMarketChart {
  prices: ProviderChartPoint[];
  marketCaps: ProviderChartPoint[];
  volumes: ProviderChartPoint[];
}

const optionalNumber = z.number().nullish();

const marketsCoinSchema = z.object({
  id: z.string().min(1),
  symbol: z.string().min(1),
  name: z.string().min(1),
  current_price: optionalNumber,
  market_cap: optionalNumber,
  total_volume: optionalNumber,
  price_change_percentage_24h: optionalNumber,
  price_change_percentage_24h_in_currency: optionalNumber,
  sparkline_in_7d: z.object({ price: z.array(z.number().nullable()) }).nullish(),
});

const globalSchema = z.object({
  data: z.object({
    total_market_cap: z.record(z.string(), z.number()),
    total_volume: z.record(z.string(), z.number()).nullish(),
    market_cap_change_percentage_24h_usd: optionalNumber,
  }),
});

const chartSeriesSchema = z.array(z.unknown());
const marketChartSchema = z.object({
  prices: chartSeriesSchema,
  market_caps: chartSeriesSchema.nullish(),
  total_volumes: chartSeriesSchema.nullish(),
});

/** `[ms, value]` pairs with two finite numbers; anything else (a null value, a gap) is skipped. */
function chartPoints(series: unknown[] | null | undefined): ProviderChartPoint[] {
  return (series ?? []).flatMap((entry) => {
    if (!Array.isArray(entry) || entry.length < 2) return [];
    const [at, value] = entry;
    return typeof at === "number" &&
      Number.isFinite(at) &&
      typeof value === "number" &&
      Number.isFinite(value)
      ? [{ at, value }]
      : [];
  });
}

function parseJson(body: string, what: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new OutboundError("malformed", `${what} is not valid JSON`);
  }
}

function normalizeCoin(raw: z.infer<typeof marketsCoinSchema>): ProviderCoin {
  const series = (raw.sparkline_in_7d?.price ?? []).filter(
    (point): point is number => typeof point === "number" && Number.isFinite(point),
  );
  return {
    id: raw.id,
    symbol: raw.symbol.toUpperCase(),
    name: raw.name,
    price: raw.current_price ?? null,
    change24h:
      raw.price_change_percentage_24h_in_currency ?? raw.price_change_percentage_24h ?? null,
    marketCap: raw.market_cap ?? null,
    volume: raw.total_volume ?? null,
    // Hourly points: the last 24 are the day the 24 h change describes.
    sparkline: series.slice(-limits.sparklinePoints),
  };
}

export function createCoinGeckoClient(options: {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
}) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) {
    // CoinGecko's paid plans use their own host and header; the free "demo" keys the public one.
    const header = /(^|\.)pro-api\./.test(new URL(baseUrl).host)
      ? "x-cg-pro-api-key"
      : "x-cg-demo-api-key";
    headers[header] = options.apiKey;
  }
  const maxBytes = 4 * 1024 * 1024;

  return {
    /** `/coins/markets` for the given coin ids, with 7-day sparklines and 24 h changes. */
    async fetchMarkets(ids: readonly string[], signal?: AbortSignal): Promise<ProviderCoin[]> {
      const query = new URLSearchParams({
        vs_currency: "usd",
        ids: ids.join(","),
        order: "market_cap_desc",
        per_page: String(Math.max(ids.length, 1)),
        page: "1",
        sparkline: "true",
        price_change_percentage: "24h",
      });
      const response = await fetchText({
        url: `${baseUrl}/coins/markets?${query}`,
        headers,
        timeoutMs: options.timeoutMs,
        maxBytes,
        signal,
      });
      const parsed = parseJson(response.body, "the markets answer");
      if (!Array.isArray(parsed)) {
        throw new OutboundError("malformed", "the markets answer is not a list of coins");
      }
      // One odd entry should not cost us the other eleven.
      const coins = parsed.flatMap((entry) => {
        const result = marketsCoinSchema.safeParse(entry);
        return result.success ? [normalizeCoin(result.data)] : [];
      });
      if (coins.length === 0) {
        throw new OutboundError("malformed", "the markets answer has no readable coin");
      }
      return coins;
    },

    /**
     * `/coins/{id}/market_chart` over the last `days` days in USD: prices, market caps and total
     * volumes. CoinGecko answers hourly points for 2-90 days (interval left to it: choosing
     * "hourly" is for paid plans).
     */
    async fetchMarketChart(
      id: string,
      days: number,
      signal?: AbortSignal,
    ): Promise<ProviderMarketChart> {
      const query = new URLSearchParams({ vs_currency: "usd", days: String(days) });
      const response = await fetchText({
        url: `${baseUrl}/coins/${encodeURIComponent(id)}/market_chart?${query}`,
        headers,
        timeoutMs: options.timeoutMs,
        maxBytes,
        signal,
      });
      const what = `the market chart of ${id}`;
      const result = marketChartSchema.safeParse(parseJson(response.body, what));
      if (!result.success) {
        throw new OutboundError("malformed", `${what} has no list of prices`);
      }
      const prices = chartPoints(result.data.prices);
      if (prices.length === 0) {
        throw new OutboundError("malformed", `${what} has no readable price point`);
      }
      return {
        prices,
        marketCaps: chartPoints(result.data.market_caps),
        volumes: chartPoints(result.data.total_volumes),
      };
    },

    /** `/global`: total market cap and volume in USD and the 24 h market-cap change. */
    async fetchGlobal(signal?: AbortSignal): Promise<ProviderGlobal> {
      const response = await fetchText({
        url: `${baseUrl}/global`,
        headers,
        timeoutMs: options.timeoutMs,
        maxBytes,
        signal,
      });
      const result = globalSchema.safeParse(parseJson(response.body, "the global answer"));
      const usd = result.success ? result.data.data.total_market_cap.usd : undefined;
      if (!result.success || usd === undefined) {
        throw new OutboundError("malformed", "the global answer has no total market cap in USD");
      }
      return {
        totalMarketCapUsd: usd,
        totalVolumeUsd: result.data.data.total_volume?.usd ?? null,
        marketCapChange24h: result.data.data.market_cap_change_percentage_24h_usd ?? null,
      };
    },
  };
}

export type CoinGeckoClient = ReturnType<typeof createCoinGeckoClient>;
