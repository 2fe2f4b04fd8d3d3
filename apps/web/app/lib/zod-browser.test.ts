import { readFileSync } from "node:fs";
import path from "node:path";
import { runInThisContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodJitlessScript } from "./zod-browser";

describe("zod in the browser", () => {
  it("the document's inline script turns zod's eval fast path (and its probe) off", () => {
    expect(z.config().jitless).not.toBe(true);
    runInThisContext(zodJitlessScript);
    expect(z.config().jitless).toBe(true);
    // Parsing works the same without the fast path.
    expect(z.object({ email: z.email() }).parse({ email: "a@b.co" })).toEqual({ email: "a@b.co" });
  });

  it("comes first in the document's head, before any module script", () => {
    const root = readFileSync(path.join(import.meta.dirname, "..", "root.tsx"), "utf8");
    const head = root.slice(root.indexOf("<head>"), root.indexOf("</head>"));
    expect(head).toContain("__html: zodJitlessScript");
    expect(head.indexOf("zodJitlessScript")).toBeLessThan(head.indexOf("<RouteStylesheets />"));
  });
});
