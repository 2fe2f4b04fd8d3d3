import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PriceTickerBar } from "./price-ticker-bar";

const coins = [
  { symbol: "BTC", name: "Bitcoin", price: 43_250, change24h: 2.45 },
  { symbol: "XYZ", name: "Unknown", price: 1, change24h: 0 },
];

describe("the price ticker", () => {
  it("links each tracked coin of the price ticker to its coin page", () => {
    const html = renderToString(<PriceTickerBar coins={coins} sample />);
    expect(html).toMatch(/<a class="aw-ticker-coin"[^>]*href="\/coin\/bitcoin"/);
    // A coin without a page stays plain text.
    expect(html).not.toContain('href="/coin/xyz"');
    expect(html).toContain(">SAMPLE<");
  });
});
