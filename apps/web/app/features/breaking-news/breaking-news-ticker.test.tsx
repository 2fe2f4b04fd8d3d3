import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SentimentMark } from "./breaking-news-ticker";

describe("the breaking-news ticker", () => {
  it("marks bullish and bearish breaking items in words, and nothing for neutral ones", () => {
    const text = (node: React.ReactElement) => renderToString(node).replace(/<[^>]+>/g, "");
    expect(text(<SentimentMark label="positive" />)).toBe("▲ Bullish");
    expect(text(<SentimentMark label="negative" />)).toBe("▼ Bearish");
    expect(renderToString(<SentimentMark label="neutral" />)).toBe("");
    expect(renderToString(<SentimentMark label={null} />)).toBe("");
  });
});
