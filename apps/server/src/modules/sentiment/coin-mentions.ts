import { type CoinEntry, trackedCoinEntries } from "@aurumwire/shared/coins";

/**
 * Finds the tracked coins a text names (decision 191): tickers in capitals, optionally with a `$`
 * ("BTC", "$SOL"), names and aliases in any case, possessives included ("Bitcoin's").
 */

interface CoinPattern {
  coin: CoinEntry;
  pattern: RegExp;
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const coinPatterns: CoinPattern[] = trackedCoinEntries.map((coin) => {
  // Letters and digits on either side end a match; `(?i:...)` is not in JS, so the ticker (case
  // sensitive) and the names (any case) are two alternatives with the case folded by hand.
  const names = coin.aliases
    .map((alias) =>
      escapeForPattern(alias)
        .replace(/\p{L}/gu, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`)
        .replace(/ /g, "\\s+"),
    )
    .join("|");
  const source = `(?<![\\p{L}\\p{N}])(?:\\$?${escapeForPattern(coin.symbol)}|${names})(?:['\u2019]s)?(?![\\p{L}\\p{N}])`;
  return { coin, pattern: new RegExp(source, "gu") };
});

/** How many times each tracked coin is named in `text`, by coin slug. */
export function countCoinMentions(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (!text) return counts;
  for (const { coin, pattern } of coinPatterns) {
    pattern.lastIndex = 0;
    let count = 0;
    while (pattern.exec(text) !== null) count += 1;
    if (count > 0) counts.set(coin.slug, count);
  }
  return counts;
}
