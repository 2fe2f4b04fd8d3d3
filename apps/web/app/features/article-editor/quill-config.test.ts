import { describe, expect, it } from "vitest";
import { editorToolbar, imageEmbedPattern, normalizeEditorHtml, pickerNames } from "./quill-config";

describe("editor toolbar", () => {
  it("offers every tool of the spec", () => {
    const flat = JSON.stringify(editorToolbar);
    for (const tool of [
      '"header":[1,2,3,4,5,6,false]',
      '"font"',
      '"size":["small",false,"large","huge"]',
      '"bold"',
      '"italic"',
      '"underline"',
      '"strike"',
      '"color"',
      '"background"',
      '"script":"sub"',
      '"script":"super"',
      '"list":"ordered"',
      '"list":"bullet"',
      '"indent":"-1"',
      '"indent":"+1"',
      '"align"',
      '"blockquote"',
      '"code-block"',
      '"link"',
      '"image"',
      '"video"',
      '"clean"',
    ]) {
      expect(flat).toContain(tool);
    }
  });
});

describe("image embeds", () => {
  it("accepts jpg, jpeg, gif and png files and base64 images", () => {
    expect(imageEmbedPattern.test("/uploads/articles/2025/01/a-1200.jpg")).toBe(true);
    expect(imageEmbedPattern.test("https://cdn.example.com/chart.PNG?v=2")).toBe(true);
    expect(imageEmbedPattern.test("data:image/gif;base64,R0lGOD")).toBe(true);
    expect(imageEmbedPattern.test("https://example.com/page.html")).toBe(false);
    expect(imageEmbedPattern.test("data:text/html;base64,PHNjcmlwdD4=")).toBe(false);
  });
});

describe("normalizeEditorHtml", () => {
  it("turns Quill's &nbsp; back into spaces and an empty editor into an empty string", () => {
    expect(normalizeEditorHtml("<p>Bitcoin&nbsp;rises&nbsp;again</p>")).toBe(
      "<p>Bitcoin rises again</p>",
    );
    expect(normalizeEditorHtml("<p></p>")).toBe("");
    expect(normalizeEditorHtml("<p><br></p>")).toBe("");
  });
});

describe("toolbar pickers", () => {
  it("have a name for every picker the toolbar has", () => {
    const pickers = ["header", "font", "size", "color", "background", "align"];
    const flat = JSON.stringify(editorToolbar);
    for (const picker of pickers) {
      expect(flat).toContain(`"${picker}"`);
      expect(pickerNames[`ql-${picker}`], picker).toMatch(/\w/);
    }
  });
});
