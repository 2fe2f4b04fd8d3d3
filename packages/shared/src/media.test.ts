import { describe, expect, it } from "vitest";
import { storedImageSrcSet } from "./media";

describe("storedImageSrcSet", () => {
  it("lists the smaller widths stored beside an upload", () => {
    expect(storedImageSrcSet("/uploads/articles/2026/11/abc-1200.jpg")).toBe(
      "/uploads/articles/2026/11/abc-400.jpg 400w, /uploads/articles/2026/11/abc-800.jpg 800w, /uploads/articles/2026/11/abc-1200.jpg 1200w",
    );
  });

  it("keeps an inline picture's own width and only the widths below it", () => {
    expect(storedImageSrcSet("/uploads/articles/2026/11/abc-950.png")).toBe(
      "/uploads/articles/2026/11/abc-400.png 400w, /uploads/articles/2026/11/abc-800.png 800w, /uploads/articles/2026/11/abc-950.png 950w",
    );
    expect(storedImageSrcSet("/uploads/articles/2026/11/abc-300.jpg")).toBeNull();
  });

  it("takes a cover's width only when it is one we make", () => {
    expect(storedImageSrcSet("/uploads/covers/bitcoin-etf-1200.jpg")).toContain(
      "/uploads/covers/bitcoin-etf-400.jpg 400w",
    );
    expect(storedImageSrcSet("/uploads/covers/the-halving-of-2024.jpg")).toBeNull();
    expect(storedImageSrcSet("/uploads/covers/old-cover.jpg")).toBeNull();
  });

  it("leaves images from elsewhere alone", () => {
    expect(storedImageSrcSet("https://cdn.example.com/a-1200.jpg")).toBeNull();
    expect(storedImageSrcSet("/placeholder-cover.svg")).toBeNull();
  });
});
