import type { HighlightPart } from "@aurumwire/shared/articles";
import { describe, expect, it } from "vitest";
import {
  articleBodyText,
  articleHighlight,
  createSearchHighlighter,
  highlightTerms,
  needsBodyText,
  stemWord,
} from "../src/lib/search-highlight";

const joined = (parts: HighlightPart[]) => parts.map((part) => part.text).join("");
const marked = (parts: HighlightPart[]) =>
  parts.filter((part) => part.match).map((part) => part.text);

function highlighter(search: string) {
  const created = createSearchHighlighter(search);
  if (!created) throw new Error(`no highlighter for ${search}`);
  return created;
}

const filler = "Plain words about markets and prices fill this sentence. ";
const longText =
  `${filler.repeat(6)}Liquid staking protocols give you a token for your staked ether. ${filler.repeat(6)}`.trim();

describe("search snippet words", () => {
  it("marks the search's words, not stop words, operators or excluded words", () => {
    expect(highlightTerms("the staking of ether")).toEqual(["staking", "ether"]);
    expect(highlightTerms('"liquid staking" -restaking')).toEqual(["liquid", "staking"]);
    expect(highlightTerms("bitcoin or ether")).toEqual(["bitcoin", "ether"]);
    expect(highlightTerms('staking -"liquid restaking"')).toEqual(["staking"]);
    expect(createSearchHighlighter("the and of")).toBeNull();
    expect(createSearchHighlighter("?!")).toBeNull();
  });

  it("reduces word forms to the stems the search's stemmer gives them", () => {
    for (const form of ["staking", "stake", "staked", "stakes"])
      expect(stemWord(form)).toBe("stake");
    for (const form of ["mining", "mined", "mine", "mines"]) expect(stemWord(form)).toBe("mine");
    expect(stemWord("miners")).toBe("miner");
    expect(stemWord("currencies")).toBe("currency");
    expect(stemWord("classes")).toBe("class");
    expect(stemWord("stopped")).toBe("stop");
    expect(stemWord("bitcoins")).toBe("bitcoin");
    for (const kept of ["bring", "need", "bonus", "analysis", "news"])
      expect(stemWord(kept)).toBe(kept);
  });

  it("marks the forms the search's prefix layer finds, not merely similar words", () => {
    const mining = highlighter("mining");
    for (const word of ["Mining", "mined", "miners", "mine"])
      expect(mining.matches(word)).toBe(true);
    for (const word of ["minute", "mint", "minimal"]) expect(mining.matches(word)).toBe(false);
    const trading = highlighter("trading");
    expect(trading.matches("traders")).toBe(true);
    expect(trading.matches("tradition")).toBe(false);
  });
});

describe("search snippets", () => {
  it("marks every matched word, case-insensitively, by prefix and by word form", () => {
    const parts = highlighter("quokkanom staking").snippet(
      "Quokkanomics meets STAKING: staked ether, restaking and a stakeholder.",
    );
    expect(parts).toEqual([
      { text: "Quokkanomics", match: true },
      { text: " meets ", match: false },
      { text: "STAKING", match: true },
      { text: ": ", match: false },
      { text: "staked", match: true },
      { text: " ether, restaking and a ", match: false },
      { text: "stakeholder", match: true },
      { text: ".", match: false },
    ]);
  });

  it("matches accented text like the search does", () => {
    const parts = highlighter("ethereum").snippet("Ethéreum fans rejoice.");
    expect(marked(parts ?? [])).toEqual(["Ethéreum"]);
  });

  it("keeps short texts whole and returns null when nothing matches", () => {
    const excerpt = "A short excerpt about staking.";
    expect(joined(highlighter("staking").snippet(excerpt) ?? [])).toBe(excerpt);
    expect(highlighter("bitcoin").snippet(excerpt)).toBeNull();
  });

  it("cuts long texts at word boundaries around the first match, with … at cut ends", () => {
    const parts = highlighter("staking").snippet(longText) ?? [];
    const text = joined(parts);
    expect(text.startsWith("…")).toBe(true);
    expect(text.endsWith("…")).toBe(true);
    expect(text.length).toBeGreaterThanOrEqual(160);
    expect(text.length).toBeLessThanOrEqual(222);
    // Whole words only: every word of the snippet is a word of the text.
    const inner = text.slice(1, -1);
    expect(longText).toContain(inner);
    const at = longText.indexOf(inner);
    expect(longText[at - 1]).toBe(" ");
    expect(/[\s.]/.test(longText[at + inner.length])).toBe(true);
    // Some context before the match, and both forms marked.
    expect(inner.indexOf("staking")).toBeGreaterThan(20);
    expect(marked(parts)).toEqual(["staking", "staked"]);
  });

  it("does not open a cut on the text's first word or close one past its end", () => {
    const early = `Staking first. ${filler.repeat(8)}`;
    const start = joined(highlighter("staking").snippet(early) ?? []);
    expect(start.startsWith("Staking first.")).toBe(true);
    expect(start.endsWith("…")).toBe(true);
    const late = `${filler.repeat(8)}The end is about staking.`;
    const end = joined(highlighter("staking").snippet(late) ?? []);
    expect(end.startsWith("…")).toBe(true);
    expect(end.endsWith("about staking.")).toBe(true);
  });

  it("returns text, never markup: HTML-looking text stays as text for the client to escape", () => {
    const parts = highlighter("staking").snippet("<b>staking</b> & <script>x</script>") ?? [];
    expect(joined(parts)).toBe("<b>staking</b> & <script>x</script>");
    expect(marked(parts)).toEqual(["staking"]);
  });
});

describe("article snippets", () => {
  const article = {
    title: "Weekly roundup of several desks",
    excerpt: "A summary of the week's market moves, long enough to read as an excerpt.",
  };

  it("takes the excerpt when it matches, and needs no body then", () => {
    const search = highlighter("market");
    expect(needsBodyText(search, article)).toBe(false);
    expect(marked(articleHighlight(search, article))).toEqual(["market"]);
  });

  it("takes the body for body-only matches", () => {
    const search = highlighter("quokkanomics");
    expect(needsBodyText(search, article)).toBe(true);
    const body = articleBodyText(
      `<p>${filler.repeat(5)}</p><h2>Why</h2><p>The <strong>quokkanomics</strong> idea &amp; its <em>risks</em>.</p>`,
    );
    const parts = articleHighlight(search, article, body);
    expect(marked(parts)).toEqual(["quokkanomics"]);
    expect(joined(parts)).toContain("Why. The quokkanomics idea & its risks.");
    expect(joined(parts)).not.toMatch(/[<>]/);
  });

  it("falls back to the excerpt's start when only the title, a tag or nothing matched", () => {
    const titleOnly = highlighter("roundup");
    expect(needsBodyText(titleOnly, article)).toBe(false);
    expect(articleHighlight(titleOnly, article)).toEqual([{ text: article.excerpt, match: false }]);
    const nowhere = highlighter("quokkanomics");
    expect(articleHighlight(nowhere, article, "no such word here")).toEqual([
      { text: article.excerpt, match: false },
    ]);
    const longExcerpt = { ...article, excerpt: filler.repeat(8).trim() };
    const parts = articleHighlight(null, longExcerpt);
    expect(parts).toHaveLength(1);
    expect(parts[0].text.startsWith("Plain words")).toBe(true);
    expect(parts[0].text.endsWith("…")).toBe(true);
    expect(parts[0].text.length).toBeLessThanOrEqual(201);
  });
});

describe("article body text", () => {
  it("drops tags, keeps words apart across blocks, decodes entities", () => {
    expect(
      articleBodyText(
        '<h2>Risks</h2><p>Smart <strong>contract</strong> risk&nbsp;&amp; &lt;more&gt; &#8220;x&#x201d;</p><ul><li>one</li><li>two</li></ul><img src="/a.png" alt="">end',
      ),
    ).toBe("Risks. Smart contract risk & <more> “x” one two end");
    expect(
      articleBodyText("<h2><strong>Why?</strong></h2><p>Because.</p><h3><em>Next</em></h3>"),
    ).toBe("Why? Because. Next.");
  });
});
