import { describe, expect, it } from "vitest";
import { formatChartMoment, formatChartTick } from "./dates";

describe("chart dates", () => {
  const afternoon = new Date(2026, 10, 27, 15, 5);

  it("labels a day's axis by the hour and longer periods by the day", () => {
    expect(formatChartTick(afternoon, 24)).toBe("03:05 PM");
    expect(formatChartTick(afternoon, 24 * 7)).toBe("Nov 27");
  });

  it("gives a tooltip the day and the time, as the charts wrote them with Intl", () => {
    expect(formatChartMoment(afternoon)).toBe("Nov 27, 03:05 PM");
    const intl = new Intl.DateTimeFormat("en", {
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    });
    for (const hour of [0, 9, 12, 23]) {
      const moment = new Date(2026, 0, 3, hour, 30);
      expect(formatChartMoment(moment)).toBe(intl.format(moment));
    }
  });
});
