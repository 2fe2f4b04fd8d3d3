import { generateArticleInputSchema } from "@aurumwire/shared/ai-writer";
import { describe, expect, it } from "vitest";
import { ServiceError } from "../src/lib/service-failure";
import { archiveSearchQuery, bestPassage } from "../src/modules/ai-writer/archive-research";
import { clampText, parseOutline, sectionHtml } from "../src/modules/ai-writer/draft-content";
import { uncheckedFigures } from "../src/modules/ai-writer/figure-check";

/** The writer's pure steps: reading the model's outline and sections, and the figure check. */
const input = generateArticleInputSchema.parse({ prompt: "Bitcoin halving", length: "short" });
const source = {
  articleId: 7,
  title: "How Bitcoin Miners Survive a Halving",
  slug: "how-bitcoin-miners-survive-a-halving",
  url: "http://localhost/article/how-bitcoin-miners-survive-a-halving",
  publishedAt: null,
  passage: "Hash price fell 50% and the reward is 3.125 BTC; miners sold $97,123.45 worth.",
};

describe("AI writer drafts", () => {
  it("reads an outline wrapped in prose or a code fence, and keeps the spec's limits", () => {
    const raw = `Sure! \`\`\`json\n${JSON.stringify({
      title: "T".repeat(250),
      metaTitle: "A meta title that is much too long for a search result snippet to show",
      metaDescription: "word ".repeat(60),
      tags: ["Bitcoin", "", "x".repeat(80)],
      sections: ["One", { heading: "Two", points: "p" }, { heading: "" }, "Three", "Four"],
    })}\n\`\`\``;
    const outline = parseOutline(raw, input);
    expect(outline.title.length).toBeLessThanOrEqual(200);
    expect(outline.metaTitle.length).toBeLessThanOrEqual(60);
    expect(outline.metaDescription.length).toBeLessThanOrEqual(160);
    expect(outline.tags).toEqual(["bitcoin"]);
    // Short is three sections; the empty heading is skipped.
    expect(outline.sections.map((section) => section.heading)).toEqual(["One", "Two", "Three"]);
    expect(() => parseOutline("no json here", input)).toThrow(ServiceError);
    expect(() => parseOutline('{"title":"x","sections":[]}', input)).toThrow(/no sections/);
  });

  it("cuts text at a word boundary", () => {
    expect(clampText("Bitcoin miners brace for the halving", 20)).toBe("Bitcoin miners brace");
    expect(clampText("  short  ", 20)).toBe("short");
  });

  it("turns plain text into paragraphs, links citations and drops a repeated heading", () => {
    const html = sectionHtml("```html\n<h2>Heading</h2>First [1] and [9].\n\nSecond <b>\n```", [
      source,
    ]);
    expect(html).toBe(
      `<p>First <a href="/article/${source.slug}">[1]</a> and [9].</p><p>Second &lt;b></p>`,
    );
  });

  it("lists figures that no source holds", () => {
    const checks = uncheckedFigures(
      "Hash price fell 50 percent. Miners sold $97123.45 worth. The reward is 3.125 BTC. In 3 steps, price hit $150,000 and 12% of miners quit.",
      [source.passage],
    );
    expect(checks.map((check) => check.figure)).toEqual(["$150,000", "12%"]);
    expect(checks[0].context).toContain("price hit $150,000");
  });

  it("searches the archive for any of the topic's words and picks the best passage", () => {
    expect(archiveSearchQuery("What is the Bitcoin halving?", ["miners"])).toBe(
      "bitcoin or halving or miners",
    );
    expect(archiveSearchQuery("the a of", [])).toBeNull();
    const text =
      "Intro about nothing. Markets were calm. The halving cuts miner rewards. Miners adapt.";
    expect(bestPassage(text, ["halving", "miners"], 60)).toContain(
      "The halving cuts miner rewards.",
    );
  });
});
