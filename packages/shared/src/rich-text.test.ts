import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  parseCssColor,
  readableTextColor,
  textColorOnBackground,
  toVideoEmbedUrl,
} from "./rich-text";

describe("toVideoEmbedUrl", () => {
  it("turns YouTube and Vimeo links into their players", () => {
    const youtube = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
    expect(toVideoEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10")).toBe(youtube);
    expect(toVideoEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe(youtube);
    expect(toVideoEmbedUrl("https://m.youtube.com/shorts/dQw4w9WgXcQ")).toBe(youtube);
    expect(toVideoEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(youtube);
    expect(toVideoEmbedUrl("https://vimeo.com/76979871")).toBe(
      "https://player.vimeo.com/video/76979871",
    );
    expect(toVideoEmbedUrl("https://player.vimeo.com/video/76979871?h=x")).toBe(
      "https://player.vimeo.com/video/76979871",
    );
  });
  it("refuses other hosts and odd ids", () => {
    for (const link of [
      "https://evil.example/embed/dQw4w9WgXcQ",
      "javascript:alert(1)",
      "https://www.youtube.com/watch?v=<script>",
      "https://vimeo.com/channels/staff",
      "not a url",
    ]) {
      expect(toVideoEmbedUrl(link)).toBeNull();
    }
  });
});

describe("readable text on a background", () => {
  it("reads Quill's colour notations", () => {
    expect(parseCssColor("#ff0")).toEqual([255, 255, 0]);
    expect(parseCssColor("rgb(0, 102, 204)")).toEqual([0, 102, 204]);
    expect(parseCssColor("red")).toBeNull();
  });
  it("picks black on light and white on dark backgrounds", () => {
    expect(readableTextColor("#ffff00")).toBe("#111111");
    expect(readableTextColor("#e6e6e6")).toBe("#111111");
    expect(readableTextColor("#000000")).toBe("#ffffff");
    expect(readableTextColor("rgb(0, 41, 102)")).toBe("#ffffff");
  });
  it("keeps the author's colour when it reads, and replaces it when it does not", () => {
    expect(textColorOnBackground("#ffff00", "#000000")).toBe("#000000");
    expect(textColorOnBackground("#ffff00", "#ffffff")).toBe("#111111");
    expect(textColorOnBackground("#ffff00", null)).toBe("#111111");
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21);
  });
});
