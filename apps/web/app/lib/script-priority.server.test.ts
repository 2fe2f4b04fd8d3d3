import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./script-priority.server";

describe("lowerModulePreloadPriority", () => {
  it("asks for low priority on every module preload in <head>, and changes nothing else", () => {
    const page = Buffer.from(
      '<html><head><meta charset="utf-8"/><link rel="preload" as="image" href="/a.jpg" fetchPriority="high"/>' +
        '<link rel="modulepreload" href="/assets/a.js"/><title>Ünïcode — ok</title>' +
        '<link rel="modulepreload" href="/assets/b.js" nonce="n"/></head>' +
        '<body><p>rel="modulepreload" written in an article stays as it is</p></body></html>',
    );
    expect(lowerModulePreloadPriority(page).toString("utf8")).toBe(
      '<html><head><meta charset="utf-8"/><link rel="preload" as="image" href="/a.jpg" fetchPriority="high"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/><title>Ünïcode — ok</title>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js" nonce="n"/></head>' +
        '<body><p>rel="modulepreload" written in an article stays as it is</p></body></html>',
    );
  });

  it("returns a page without module preloads or without a head unchanged", () => {
    const plain = Buffer.from("<html><head></head><body>x</body></html>");
    expect(lowerModulePreloadPriority(plain)).toBe(plain);
    const fragment = Buffer.from('<link rel="modulepreload" href="/a.js"/>');
    expect(lowerModulePreloadPriority(fragment)).toBe(fragment);
  });
});
