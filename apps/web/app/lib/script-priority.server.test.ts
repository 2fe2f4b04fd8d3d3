import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority, startScriptsAfterContent } from "./script-priority.server";

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

describe("startScriptsAfterContent", () => {
  // The shape of React Router's render: module preloads in <head>, the bootstrap module in <body>.
  const bootstrap =
    'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\n' +
    'window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-3.js");';
  const page = Buffer.from(
    '<html><head><meta charset="utf-8"/><link rel="preload" as="image" href="/a.jpg" fetchPriority="high"/>' +
      '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="abc+/="/><title>Ünïcode — ok</title>' +
      '<link rel="modulepreload" href="/assets/root-2.js" nonce="abc+/="/></head>' +
      '<body><main><p>rel="modulepreload" written in an article stays</p></main>' +
      `<script nonce="abc+/=">window.__reactRouterContext = {};</script><script nonce="abc+/=" type="module" async="">${bootstrap}</script>` +
      '<script nonce="abc+/=">window.__reactRouterContext.streamController.close();</script></body></html>',
  );

  it("takes the module preloads out of <head>, parks the bootstrap and adds its starter", () => {
    const result = startScriptsAfterContent(page).toString("utf8");
    const head = result.slice(0, result.indexOf("</head>"));
    expect(head).toBe(
      '<html><head><meta charset="utf-8"/><link rel="preload" as="image" href="/a.jpg" fetchPriority="high"/>' +
        "<title>Ünïcode — ok</title>",
    );
    expect(result).toContain('<p>rel="modulepreload" written in an article stays</p>');
    // The bootstrap keeps its text (a cached page's policy lists its hash) under an inert type.
    expect(result).toContain(
      `<script nonce="abc+/=" type="text/x-aurumwire-waiting" id="aw-scripts">${bootstrap}</script><script nonce="abc+/=">(function(modules){`,
    );
    expect(result).not.toMatch(/<script[^>]*type="module"/);
    expect(result).toContain('})(["/assets/manifest-1.js","/assets/root-2.js"])</script>');
    expect(result).toContain("script.nonce=boot.nonce;script.textContent=boot.textContent");
    expect(result).toContain("modules.slice(from,from+8)");
    expect(result).toContain('img[fetchpriority="high"]');
    expect(
      result.endsWith(
        '<script nonce="abc+/=">window.__reactRouterContext.streamController.close();</script></body></html>',
      ),
    ).toBe(true);
  });

  it("returns a page without React Router's bootstrap unchanged", () => {
    const plain = Buffer.from(
      '<html><head><link rel="modulepreload" href="/a.js"/></head><body>x</body></html>',
    );
    expect(startScriptsAfterContent(plain)).toBe(plain);
  });
});
