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

// Everything is served from memory and changes at most every 5 minutes: let browsers and a CDN
// keep it for a minute and serve it a little stale while they fetch the next one.
function cacheable(reply: FastifyReply) {
  reply.header("cache-control", "public, max-age=60, s-maxage=60, stale-while-revalidate=240");
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
