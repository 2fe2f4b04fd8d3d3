import { describe, expect, it } from "vitest";
import { formatCompactNumber, formatCount, formatSignedChange, formatSignificant } from "./numbers";

describe("numbers", () => {
  it("writes counts as en-US does, rounded, with thousands separators", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(2310)).toBe("2,310");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(2310.5)).toBe("2,311");
    expect(formatCount(-4200)).toBe("-4,200");
  });

  it("keeps as many decimals as asked and drops trailing zeros, as toLocaleString does", () => {
    for (const value of [12.5, 12, 1234.4, 0.1, 100, 1000.05, 9.95, 0]) {
      expect(formatCount(value, 1)).toBe(
        value.toLocaleString("en-US", { maximumFractionDigits: 1 }),
      );
    }
  });

  it("writes a move with its sign and one decimal, zero without a sign", () => {
    const intl = new Intl.NumberFormat("en-US", {
      maximumFractionDigits: 1,
      signDisplay: "exceptZero",
    });
    for (const change of [2.45, -1, 0, 0.04, -0.04, 1234.56, -0.05, 0.05, 12.25, -87.3]) {
      expect(formatSignedChange(change)).toBe(intl.format(change));
    }
    expect(formatSignedChange(2.45)).toBe("+2.5");
    expect(formatSignedChange(-1)).toBe("-1");
  });

  it("writes chart labels compactly and tooltips with six significant digits", () => {
    expect(formatCompactNumber(61234)).toBe("61.2K");
    expect(formatCompactNumber(1_230_000_000)).toBe("1.2B");
    expect(formatCompactNumber(3421.57, 3)).toBe("3.42K");
    expect(formatCompactNumber(3550, 3)).toBe("3.55K");
    expect(formatSignificant(3421.5712)).toBe("3,421.57");
    expect(formatSignificant(0.000123456789)).toBe("0.000123457");
  });
});
