import { describe, expect, it } from "vitest";
import { historyLine } from "./market-history";

const series = {
  symbol: "BTC",
  name: "Bitcoin",
  points: [
    { t: "2026-03-10T10:00:00.000Z", price: 100, marketCap: 1000, volume: null },
    { t: "2026-03-10T11:00:00.000Z", price: 110, marketCap: 1100, volume: 50 },
    { t: "2026-03-10T12:00:00.000Z", price: 95, marketCap: 950, volume: 40 },
  ],
};

describe("historyLine", () => {
  it("plots the figures as they were for price, market cap and volume", () => {
    expect(historyLine(series, "price").map((point) => point.value)).toEqual([100, 110, 95]);
    expect(historyLine(series, "volume")).toEqual([
      { t: Date.parse("2026-03-10T10:00:00Z"), value: null },
      { t: Date.parse("2026-03-10T11:00:00Z"), value: 50 },
      { t: Date.parse("2026-03-10T12:00:00Z"), value: 40 },
    ]);
  });

  it("plots change as the move since the period's first point, so coins compare", () => {
    const change = historyLine(series, "change").map((point) => point.value);
    expect(change[0]).toBe(0);
    expect(change[1]).toBeCloseTo(10, 10);
    expect(change[2]).toBeCloseTo(-5, 10);
  });

  it("has no change without a price to start from", () => {
    expect(historyLine({ ...series, points: [] }, "change")).toEqual([]);
    const zero = { ...series, points: [{ ...series.points[0]!, price: 0 }] };
    expect(historyLine(zero, "change")[0]?.value).toBeNull();
  });
});
