import { describe, expect, it } from "vitest";
import {
  changeDirection,
  formatAnalyticsValue,
  formatChange,
  formatCompactUsd,
  formatDate,
  formatTickerPrice,
  groupedDigits,
  parseDate,
} from "./format";

describe("groupedDigits writes numbers as Intl.NumberFormat('en-US') does", () => {
  it("agrees with Intl on whole dollars, cents and counts, ties and large values included", () => {
    const cents = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const values = [
      0, 1, 9.995, 1.005, 2.675, 999.5, 999.995, 1000, 43250, 1234567.891, 0.5, 12.345,
    ];
    // A fixed pseudo-random walk over many magnitudes: the same values every run.
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 16807) % 2147483647;
      values.push((seed / 2147483647) * 10 ** (i % 13), Math.round(seed / 1000) / 100);
    }
    for (const value of values) {
      expect(groupedDigits(value, 2), String(value)).toBe(cents.format(value));
      expect(groupedDigits(value, 0), String(value)).toBe(whole.format(value));
      expect(groupedDigits(-value, 2), String(-value)).toBe(
        cents.format(-value === 0 ? 0 : -value),
      );
    }
  });
});

describe("ticker price (spec 9: 4 decimals under 1, otherwise localized)", () => {
  it("shows 4 decimals under 1", () => {
    expect(formatTickerPrice(0.623456)).toBe("$0.6235");
    expect(formatTickerPrice(0.08)).toBe("$0.0800");
    expect(formatTickerPrice(0)).toBe("$0.0000");
    expect(formatTickerPrice(0.99999)).toBe("$1.0000");
  });

  it("localizes 1 and above with separators and cents", () => {
    expect(formatTickerPrice(1)).toBe("$1.00");
    expect(formatTickerPrice(43250)).toBe("$43,250.00");
    expect(formatTickerPrice(1234567.891)).toBe("$1,234,567.89");
    expect(formatTickerPrice(98.755)).toBe("$98.76");
  });

  it("reads N/A for a missing price", () => {
    expect(formatTickerPrice(null)).toBe("N/A");
    expect(formatTickerPrice(undefined)).toBe("N/A");
    expect(formatTickerPrice(Number.NaN)).toBe("N/A");
  });
});

describe("analytics value (spec 9: $x.xxM, $x.xK, 6 decimals under 1)", () => {
  it("uses millions with 2 decimals at or above 1M, then billions and trillions", () => {
    expect(formatAnalyticsValue(1_000_000)).toBe("$1.00M");
    expect(formatAnalyticsValue(28_512_345)).toBe("$28.51M");
    expect(formatAnalyticsValue(999_994_999)).toBe("$999.99M");
    expect(formatAnalyticsValue(85_300_000_000)).toBe("$85.30B");
    expect(formatAnalyticsValue(2_412_345_670_000)).toBe("$2.41T");
  });

  it("uses thousands with 1 decimal at or above 1K", () => {
    expect(formatAnalyticsValue(1_000)).toBe("$1.0K");
    expect(formatAnalyticsValue(43_250)).toBe("$43.3K");
    expect(formatAnalyticsValue(999_949)).toBe("$999.9K");
  });

  it("uses 6 decimals under 1", () => {
    expect(formatAnalyticsValue(0.623456789)).toBe("$0.623457");
    expect(formatAnalyticsValue(0)).toBe("$0.000000");
  });

  it("shows dollars and cents between 1 and 1K", () => {
    expect(formatAnalyticsValue(1)).toBe("$1.00");
    expect(formatAnalyticsValue(98.754)).toBe("$98.75");
  });

  it("keeps the sign of negative values and reads N/A for missing ones", () => {
    expect(formatAnalyticsValue(-2_500_000)).toBe("-$2.50M");
    expect(formatAnalyticsValue(null)).toBe("N/A");
  });
});

describe("change (spec 9: sign and 2 decimals as a percent)", () => {
  it("puts + before gains and - before losses", () => {
    expect(formatChange(2.456)).toBe("+2.46%");
    expect(formatChange(-0.854)).toBe("-0.85%");
    expect(formatChange(12)).toBe("+12.00%");
  });

  it("shows zero, and what rounds to zero, without a sign", () => {
    expect(formatChange(0)).toBe("0.00%");
    expect(formatChange(0.004)).toBe("0.00%");
    expect(formatChange(-0.004)).toBe("0.00%");
  });

  it("reads N/A for a missing change", () => {
    expect(formatChange(undefined)).toBe("N/A");
  });

  it("tells the direction for colouring", () => {
    expect(changeDirection(1.5)).toBe("up");
    expect(changeDirection(-0.01)).toBe("down");
    expect(changeDirection(0.001)).toBe("flat");
    expect(changeDirection(null)).toBe("flat");
  });
});

describe("compact amounts in the markets table", () => {
  it("uses T, B and M units", () => {
    expect(formatCompactUsd(1_320_000_000_000)).toBe("$1.32T");
    expect(formatCompactUsd(845_200_000_000)).toBe("$845.20B");
    expect(formatCompactUsd(12_500_000)).toBe("$12.50M");
    expect(formatCompactUsd(950_000)).toBe("$950,000");
  });

  it("reads N/A when missing", () => {
    expect(formatCompactUsd(null)).toBe("N/A");
  });
});

describe("dates (spec 8: unparseable or missing reads 'Just now')", () => {
  it("reads 'Just now' for missing and unparseable dates", () => {
    expect(formatDate(null)).toBe("Just now");
    expect(formatDate(undefined)).toBe("Just now");
    expect(formatDate("")).toBe("Just now");
    expect(formatDate("not a date")).toBe("Just now");
    expect(formatDate(Number.NaN)).toBe("Just now");
    expect(formatDate(new Date("garbage"))).toBe("Just now");
  });

  it("formats the spec's patterns in UTC", () => {
    expect(formatDate("2024-12-15T09:05:00Z")).toBe("Dec 15, 2024");
    expect(formatDate("2024-03-05T23:59:00Z", "MMM dd, yyyy HH:mm")).toBe("Mar 05, 2024 23:59");
    expect(formatDate(Date.UTC(2025, 0, 1, 0, 0))).toBe("Jan 01, 2025");
  });

  it("reads UTC fields directly, agreeing with the time-zone formatter", () => {
    const pattern = "MMM dd, yyyy HH:mm";
    for (let day = 0; day < 800; day += 7) {
      const moment = Date.UTC(2023, 11, 31, 23, 59) + day * 86_400_000 + day * 61_000;
      expect(formatDate(moment, pattern)).toBe(formatDate(moment, pattern, "Etc/UTC"));
    }
  });

  it("honours a given time zone", () => {
    expect(formatDate("2024-03-05T23:30:00Z", "MMM dd, yyyy HH:mm", "Europe/Berlin")).toBe(
      "Mar 06, 2024 00:30",
    );
  });

  it("parses dates without changing a given Date", () => {
    const original = new Date("2024-01-01T00:00:00Z");
    const parsed = parseDate(original);
    expect(parsed?.toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(parsed).not.toBe(original);
    expect(parseDate("nope")).toBeNull();
  });
});
