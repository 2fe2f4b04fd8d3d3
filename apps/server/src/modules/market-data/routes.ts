import {
  marketDataResponseSchema,
  marketHistoryQuerySchema,
  marketHistoryResponseSchema,
  marketsTableResponseSchema,
  tickerResponseSchema,
} from "@aurumwire/shared/market";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MarketDataService } from "./service";

// Served from memory. Prices change every 5 minutes when polled, and every second with an
// exchange stream (decision 230); a page that polls them (no stream in the browser, decision 235)
// asks every 5 minutes. Browsers and a CDN keep an answer for 30 s and may serve it for 30 s more
// while they fetch the next: a poll never gets prices more than a minute older than the server's
// (with 240 s of stale-while-revalidate it could get the previous poll's answer again).
function cacheable(reply: FastifyReply) {
  reply.header("cache-control", "public, max-age=30, s-maxage=30, stale-while-revalidate=30");
}

/** Prices and analytics for the public site: /api/market-data, /ticker, /markets, /history. */
export const marketDataRoutes: FastifyPluginAsyncZod<{ marketData: MarketDataService }> = async (
  app,
  { marketData },
) => {
  app.get(
    "/",
    { schema: { response: { 200: marketDataResponseSchema } } },
    async (_request, reply) => {
      cacheable(reply);
      return { success: true as const, data: marketData.getMarketAnalytics() };
    },
  );

  app.get(
    "/ticker",
    { schema: { response: { 200: tickerResponseSchema } } },
    async (_request, reply) => {
      cacheable(reply);
      return { success: true as const, data: marketData.getTicker() };
    },
  );

  app.get(
    "/markets",
    { schema: { response: { 200: marketsTableResponseSchema } } },
    async (_request, reply) => {
      cacheable(reply);
      return { success: true as const, data: marketData.getMarketsTable() };
    },
  );

  // ?coins=BTC,ETH&period=7d: the recorded price history, one point per step (decision 125).
  app.get(
    "/history",
    {
      schema: {
        querystring: marketHistoryQuerySchema,
        response: { 200: marketHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      const { coins, period } = request.query;
      return { success: true as const, data: await marketData.history(coins, period) };
    },
  );
};
