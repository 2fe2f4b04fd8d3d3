import { describe, expect, it } from "vitest";
import { computeSeoScore, seoLabel, titleHasCryptoKeyword } from "./seo";

const chars = (count: number) => "x".repeat(count);

describe("computeSeoScore", () => {
  it("gives 100 and Excellent when every check passes", () => {
    const result = computeSeoScore({
      title: "Bitcoin climbs past its record as ETF inflows grow",
      metaTitle: chars(55),
      metaDescription: chars(140),
      excerpt: chars(150),
    });
    expect(result.score).toBe(100);
    expect(result.label).toBe("Excellent");
    expect(result.checks.every((check) => check.passed && check.advice === null)).toBe(true);
  });

  it("gives 0 and Poor for an empty form, with advice for each of the five checks", () => {
    const result = computeSeoScore({});
    expect(result.score).toBe(0);
    expect(result.label).toBe("Poor");
    expect(result.checks).toHaveLength(5);
    expect(result.checks.map((check) => check.advice)).toEqual([
      "Add a title of 30 to 60 characters.",
      "Add a meta title of 50 to 60 characters.",
      "Add a meta description of 120 to 160 characters.",
      "Add an excerpt of 100 to 200 characters.",
      "Use a crypto keyword in the title: bitcoin, btc, ethereum, eth, crypto, cryptocurrency, blockchain, defi, nft.",
    ]);
  });

  it("checks the title range at its edges", () => {
    const score = (title: string) => computeSeoScore({ title }).checks[0].points;
    expect(score(chars(29))).toBe(0);
    expect(score(chars(30))).toBe(20);
    expect(score(chars(60))).toBe(20);
    expect(score(chars(61))).toBe(0);
  });

  it("gives 10 for meta fields that are present but outside their range", () => {
    const result = computeSeoScore({ metaTitle: chars(20), metaDescription: chars(200) });
    const [, metaTitle, metaDescription] = result.checks;
    expect(metaTitle).toMatchObject({ points: 10, passed: false });
    expect(metaTitle.advice).toBe("Make the meta title 50 to 60 characters long (now 20).");
    expect(metaDescription).toMatchObject({ points: 10, passed: false });
    expect(computeSeoScore({ metaTitle: chars(50) }).checks[1].points).toBe(20);
    expect(computeSeoScore({ metaDescription: chars(120) }).checks[2].points).toBe(20);
    expect(computeSeoScore({ metaDescription: chars(161) }).checks[2].points).toBe(10);
  });

  it("gives the excerpt no partial points", () => {
    expect(computeSeoScore({ excerpt: chars(99) }).checks[3].points).toBe(0);
    expect(computeSeoScore({ excerpt: chars(100) }).checks[3].points).toBe(20);
    expect(computeSeoScore({ excerpt: chars(201) }).checks[3].points).toBe(0);
  });

  it("ignores surrounding spaces when counting", () => {
    expect(computeSeoScore({ title: `  ${chars(30)}  ` }).checks[0].passed).toBe(true);
  });
});

describe("labels", () => {
  it("follows the thresholds 80, 60 and 40", () => {
    expect(seoLabel(100)).toBe("Excellent");
    expect(seoLabel(80)).toBe("Excellent");
    expect(seoLabel(79)).toBe("Good");
    expect(seoLabel(60)).toBe("Good");
    expect(seoLabel(59)).toBe("Needs Improvement");
    expect(seoLabel(40)).toBe("Needs Improvement");
    expect(seoLabel(39)).toBe("Poor");
  });
});

describe("titleHasCryptoKeyword", () => {
  it("finds the keywords as words, in any case, with a plural s", () => {
    expect(titleHasCryptoKeyword("BTC hits a new high")).toBe(true);
    expect(titleHasCryptoKeyword("Why NFTs are back")).toBe(true);
    expect(titleHasCryptoKeyword("Bitcoin's halving explained")).toBe(true);
    expect(titleHasCryptoKeyword("DeFi lending grows")).toBe(true);
    expect(titleHasCryptoKeyword("Cryptocurrencies in 2025")).toBe(true);
  });
  it("does not count a keyword hidden inside another word", () => {
    expect(titleHasCryptoKeyword("A method for stocks")).toBe(false);
    expect(titleHasCryptoKeyword("Together we trade")).toBe(false);
  });
});
