import type { AppLoadContext } from "react-router";

/** /markets: the overall News Sentiment Index and each coin's 24 h cell, by ticker symbol. */
export async function loadMarketsSentiment(context: AppLoadContext) {
  const overview = await context.services.sentiment.overview();
  const coins = Object.fromEntries(
    overview.coins.map((coin) => [
      coin.symbol,
      { index: coin.index, label: coin.label, coverage: coin.coverage },
    ]),
  );
  const { history: _history, ...overall } = overview.overall;
  return { overall, coins };
}

/** An article page's chips: its sentiment per coin (null until it has been scored). */
export function loadArticleSentiment(context: AppLoadContext, articleId: number) {
  return context.services.sentiment.articleSentiment(articleId).catch(() => null);
}
