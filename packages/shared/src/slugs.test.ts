import { describe, expect, it } from "vitest";
import { nextFreeSlug, slugify } from "./slugs";

describe("slugify", () => {
  it("makes readable slugs", () => {
    expect(slugify("Bitcoin Breaks $100K: What's Next?")).toBe("bitcoin-breaks-100k-what-s-next");
    expect(slugify("Ether & DeFi — Ümlauts")).toBe("ether-and-defi-umlauts");
  });
  it("never answers an empty slug", () => {
    expect(slugify("!!!")).toBe("article");
  });
  it("cuts long titles without a trailing dash", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("nextFreeSlug", () => {
  it("keeps a free base and otherwise takes the first free suffix", () => {
    expect(nextFreeSlug("eth", [])).toBe("eth");
    expect(nextFreeSlug("eth", ["eth", "eth-2", "eth-4"])).toBe("eth-3");
  });
});
