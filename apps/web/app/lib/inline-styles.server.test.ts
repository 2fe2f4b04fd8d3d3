import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { inlinePageStyles } from "./inline-styles.server";

/** The parts of a server render's context that decide its stylesheets. */
function renderOf(
  routes: Record<string, string[]>,
  matched: string[],
  errors?: Record<string, unknown>,
): EntryContext {
  return {
    manifest: {
      routes: Object.fromEntries(Object.entries(routes).map(([id, css]) => [id, { id, css }])),
    },
    staticHandlerContext: {
      matches: matched.map((id) => ({ route: { id } })),
      errors: errors ?? null,
    },
  } as unknown as EntryContext;
}

const files = new Map([
  ["/assets/site.css", ".aw-site{color:red}"],
  ["/assets/layout.css", ".aw-shell{display:flex}\n"],
  ["/assets/home.css", ".aw-home{margin:0}"],
  ["/assets/card.css", ".aw-card{padding:1px}"],
]);

describe("inlinePageStyles", () => {
  it("puts the stylesheets of the matched routes into one style element, in route order, once each", () => {
    const render = renderOf(
      {
        root: ["/assets/site.css"],
        layout: ["/assets/layout.css", "/assets/site.css"],
        home: ["/assets/home.css", "/assets/card.css"],
        other: ["/assets/other.css"],
      },
      ["root", "layout", "home"],
    );
    expect(inlinePageStyles(render, files)).toBe(
      '<style data-page-styles="">.aw-site{color:red}\n.aw-shell{display:flex}\n.aw-home{margin:0}\n.aw-card{padding:1px}\n</style>',
    );
  });

  it("stops at the route whose error boundary shows an error, like React Router's links", () => {
    const render = renderOf(
      { root: ["/assets/site.css"], layout: ["/assets/layout.css"], home: ["/assets/home.css"] },
      ["root", "layout", "home"],
      { layout: new Error("failed") },
    );
    const html = inlinePageStyles(render, files);
    expect(html).toContain(".aw-shell");
    expect(html).not.toContain(".aw-home");
  });

  it("links a stylesheet it has no copy of instead of leaving it out", () => {
    const render = renderOf({ root: ["/assets/site.css", '/assets/x"y.css'] }, ["root"]);
    expect(inlinePageStyles(render, files)).toBe(
      '<style data-page-styles="">.aw-site{color:red}\n</style><link rel="stylesheet" href="/assets/x&quot;y.css"/>',
    );
  });

  it("inlines a file the manifest names with a fragment or query (a package's CSS)", () => {
    const render = renderOf({ root: ["/assets/site.css", "/assets/card.css#"] }, ["root"]);
    expect(inlinePageStyles(render, files)).toBe(
      '<style data-page-styles="">.aw-site{color:red}\n.aw-card{padding:1px}\n</style>',
    );
  });

  it("cannot end its style element early", () => {
    const render = renderOf({ root: ["/assets/odd.css"] }, ["root"]);
    const html = inlinePageStyles(
      render,
      new Map([["/assets/odd.css", '.a::after{content:"</style><script>x()</script>"}']]),
    );
    expect(html.match(/<\/style/gi)).toHaveLength(1);
    expect(html.endsWith("</style>")).toBe(true);
  });

  it("gives nothing for a page without stylesheets", () => {
    expect(inlinePageStyles(renderOf({ root: [] }, ["root"]), files)).toBe("");
  });
});
