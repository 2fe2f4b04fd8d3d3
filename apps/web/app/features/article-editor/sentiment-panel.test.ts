import { describe, expect, it } from "vitest";
import { draftAnalyzeBody } from "../../api/sentiment";
import { whyText } from "./sentiment-panel";

describe("the editor's sentiment panel", () => {
  it("says why a draft reads bearish with the phrases that pushed it there, strongest first", () => {
    const drivers = [
      { phrase: "outflows", weight: -0.3 },
      { phrase: "exploit", weight: -0.9 },
      { phrase: "rally", weight: 0.2 },
    ];
    expect(whyText("negative", drivers)).toBe("Why bearish: 'exploit', 'outflows'");
    expect(whyText("positive", drivers)).toBe("Why bullish: 'rally'");
    expect(whyText("neutral", drivers)).toBe("Why neutral: 'exploit' −, 'outflows' −, 'rally' +");
    expect(whyText("negative", [])).toBeNull();
  });

  it("sends the draft's title, excerpt and body; a title alone as the text; nothing when empty", () => {
    expect(draftAnalyzeBody({ title: " ", excerpt: "", text: "<p> </p>" })).toBeNull();
    expect(draftAnalyzeBody({ title: "ETH slides", excerpt: "", text: "<p></p>" })).toEqual({
      text: "ETH slides",
      title: "ETH slides",
    });
    expect(
      draftAnalyzeBody({ title: "ETH slides", excerpt: "An exploit.", text: "<p>Body</p>" }),
    ).toEqual({ text: "<p>Body</p>", title: "ETH slides", excerpt: "An exploit." });
    const long = draftAnalyzeBody({ title: "", excerpt: "", text: "a".repeat(30_000) });
    expect(long?.text).toHaveLength(20_000);
  });
});
