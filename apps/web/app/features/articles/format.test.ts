import { describe, expect, it } from "vitest";
import { formatViews } from "./format";

describe("formatViews", () => {
  it("says '1 view', not '1 views'", () => {
    expect(formatViews(1)).toBe("1 view");
    expect(formatViews(0)).toBe("0 views");
    expect(formatViews(2310)).toBe("2,310 views");
  });
});
