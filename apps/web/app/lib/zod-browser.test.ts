import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { configureZodForBrowser } from "./zod-browser";

describe("zod in the browser", () => {
  it("runs without its eval-compiled fast path, so the CSP sees no eval probe", () => {
    configureZodForBrowser();
    expect(z.config().jitless).toBe(true);
    // Parsing still works the same without the fast path.
    expect(z.object({ email: z.email() }).parse({ email: "a@b.co" })).toEqual({ email: "a@b.co" });
  });

  it("is configured by the client entry before hydration", () => {
    const entry = readFileSync(path.join(import.meta.dirname, "..", "entry.client.tsx"), "utf8");
    const configured = entry.indexOf("configureZodForBrowser();");
    expect(configured).toBeGreaterThan(-1);
    expect(configured).toBeLessThan(entry.indexOf("hydrateRoot("));
  });
});
