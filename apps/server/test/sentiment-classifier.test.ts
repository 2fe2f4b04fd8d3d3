import { describe, expect, it } from "vitest";
import { analyzeText } from "../src/modules/sentiment/analyze-text";
import { classifySentence } from "../src/modules/sentiment/classifier";
import { countCoinMentions } from "../src/modules/sentiment/coin-mentions";

// The offline classifier (decision 190) and coin detection (191). Accuracy figures live in
// `npm run bench:sentiment`; these pin the rules a figure cannot show.

describe("classifySentence", () => {
  it.each([
    ["Operating profit rose to EUR 13.1 mn from EUR 8.7 mn.", "positive"],
    ["Net sales decreased by 14% to EUR 87 mn.", "negative"],
    ["The company's headquarters are in Helsinki.", "neutral"],
    // What moved decides: a loss or costs going down is good news.
    ["The operating loss narrowed to EUR 1.2 mn.", "positive"],
    ["The operating loss widened to EUR 12.4 mn.", "negative"],
    ["The company cut its costs by EUR 12 mn.", "positive"],
    ["The lending protocol was exploited for $47 million.", "negative"],
    ["The exchange will delist the token next month.", "negative"],
    ["Pre-tax profit was EUR 17.2 mn compared with EUR 11.9 mn a year earlier.", "positive"],
    ["Pre-tax profit was EUR 4.3 mn compared with EUR 7.0 mn a year earlier.", "negative"],
  ])("%s -> %s", (sentence, label) => {
    expect(classifySentence(sentence).label).toBe(label);
  });

  it("turns a movement around after a negation", () => {
    expect(classifySentence("Sales increased sharply in the quarter.").label).toBe("positive");
    expect(classifySentence("Sales did not increase in the quarter.").label).not.toBe("positive");
  });

  it("counts an intensified word more and a damped one less", () => {
    const plain = classifySentence("Shares fell after the report.").raw;
    const sharp = classifySentence("Shares fell sharply after the report.").raw;
    const slight = classifySentence("Shares fell slightly after the report.").raw;
    expect(sharp).toBeLessThan(plain);
    expect(slight).toBeGreaterThan(plain);
  });

  it("names the phrases that drove the score", () => {
    const result = classifySentence(
      "Hackers drained $120 million after an exploit halted withdrawals.",
    );
    expect(result.label).toBe("negative");
    expect(result.drivers.map((driver) => driver.phrase)).toEqual(
      expect.arrayContaining(["exploit", "halted"]),
    );
    expect(result.score).toBeLessThan(0);
    expect(result.score).toBeGreaterThanOrEqual(-1);
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it("never throws on odd Unicode, HTML, emoji or empty text", () => {
    for (const text of [
      "",
      "   ",
      "🚀🚀🚀 BTC to the moon 🌕",
      "<p onclick='x'>Bitcoin <b>surged</b> &amp; rallied</p>",
      "\u202e\u0000\ud800 broken surrogate",
      "ｂｉｔｃｏｉｎ ＋５％",
      "x".repeat(50_000),
    ]) {
      const result = classifySentence(text);
      expect(["positive", "neutral", "negative"]).toContain(result.label);
      expect(Number.isFinite(result.score)).toBe(true);
    }
  });
});

describe("countCoinMentions", () => {
  it("finds tickers in capitals, names in any case and possessives", () => {
    const counts = countCoinMentions(
      "Bitcoin's rally lifted BTC and $ETH; ether followed, while the dot and link stayed quiet.",
    );
    expect(counts.get("bitcoin")).toBe(2);
    expect(counts.get("ethereum")).toBe(2);
    // "dot" and "link" in lower case are English words, not Polkadot and Chainlink.
    expect(counts.has("polkadot")).toBe(false);
    expect(counts.has("chainlink")).toBe(false);
    expect(countCoinMentions("DOT and LINK rose").get("polkadot")).toBe(1);
  });

  it("does not find a coin inside another word", () => {
    expect(countCoinMentions("Bitcoiners and ethereal ETHICS").size).toBe(0);
  });
});

describe("analyzeText", () => {
  it("gives each coin the sentiment of the sentences that name it", () => {
    const result = analyzeText({
      title: "Ether surges to a record high as Solana suffers an outage",
      body: "<p>Ethereum's staking deposits climbed to a new high.</p><p>Solana's network halted block production for five hours.</p>",
    });
    const ethereum = result.coins.find((coin) => coin.slug === "ethereum");
    const solana = result.coins.find((coin) => coin.slug === "solana");
    expect(ethereum?.label).toBe("positive");
    expect(solana?.label).toBe("negative");
    expect(ethereum!.relevance).toBeGreaterThanOrEqual(4);
  });

  it("leaves out a coin named once in passing in the body", () => {
    const result = analyzeText({
      title: "Ether jumps after the upgrade",
      body: "Ether rose 9%. Bitcoin traded sideways.",
    });
    expect(result.coins.map((coin) => coin.slug)).toEqual(["ethereum"]);
  });
});
