import { describe, expect, it } from "vitest";
import { authorIdFromSlug, authorPath, nextFreeSlug, slugify } from "./slugs";

describe("authorPath", () => {
  it("names the author and ends with the id, which finds them again", () => {
    const path = authorPath({ id: 3, firstName: "Elena", lastName: "Mársh" });
    expect(path).toBe("/author/elena-marsh-3");
    expect(authorIdFromSlug(path.slice("/author/".length))).toBe(3);
    expect(authorPath({ id: 7, firstName: "李", lastName: "" })).toBe("/author/author-7");
    expect(authorIdFromSlug("42")).toBe(42);
    expect(authorIdFromSlug("elena-marsh")).toBeNull();
  });
});

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
