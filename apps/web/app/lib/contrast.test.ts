import { describe, expect, it } from "vitest";
import { contrastRatio, readableTextColor } from "./contrast";

describe("readableTextColor", () => {
  it("gives every category colour a text colour of at least 4.5:1", () => {
    // The colours of the seeded categories and the ones the audit found failing with white.
    for (const color of [
      "#ff4d4f",
      "#f7931a",
      "#627eea",
      "#9c27b0",
      "#00c853",
      "#f44336",
      "#ffd700",
      "#1e88e5",
      "#607d8b",
      "#000000",
      "#ffffff",
    ]) {
      const text = readableTextColor(color);
      expect(contrastRatio(color, text), `${text} on ${color}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("takes dark text on #ff4d4f, where white reads at 3.3:1", () => {
    expect(contrastRatio("#ff4d4f", "#FFFFFF")).toBeLessThan(4.5);
    expect(readableTextColor("#ff4d4f")).toBe("#000000");
    expect(readableTextColor("#1a237e")).toBe("#FFFFFF");
  });

  it("falls back to dark text for a colour it cannot read", () => {
    expect(readableTextColor("gold")).toBe("#000000");
  });
});
