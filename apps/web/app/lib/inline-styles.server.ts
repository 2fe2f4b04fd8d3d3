import type { EntryContext } from "react-router";

/**
 * The stylesheets of a server render, inlined (decision 150). React Router would link each route's
 * CSS file from <head> (4-5 per public page, each a render-blocking request of ~300 ms on a phone
 * profile); the server has the files in memory (`WebLoadContext.stylesheets`), so the page carries
 * their rules in one <style> where the links were, and paints from its first HTML bytes. The links
 * themselves are rendered in the browser from the first in-app navigation on (page-styles.tsx).
 */
export function inlinePageStyles(
  routerContext: EntryContext,
  stylesheets: ReadonlyMap<string, string>,
): string {
  const { matches, errors } = routerContext.staticHandlerContext;
  // Like React Router's <Links>: with an error, the routes up to the one whose boundary shows it.
  const failed = errors ? matches.findIndex((match) => errors[match.route.id] !== undefined) : -1;
  const active = failed >= 0 ? matches.slice(0, failed + 1) : matches;
  const hrefs = new Set<string>();
  for (const match of active) {
    for (const href of routerContext.manifest.routes[match.route.id]?.css ?? []) hrefs.add(href);
  }
  let rules = "";
  let links = "";
  for (const href of hrefs) {
    // The manifest may name a file with a fragment or query (a package's CSS came as ".css#").
    const css = stylesheets.get(href) ?? stylesheets.get(href.replace(/[?#].*$/, ""));
    // A file the server did not read (none today) stays a link rather than going missing.
    if (css === undefined) links += `<link rel="stylesheet" href="${escapeAttribute(href)}"/>`;
    else rules += css.endsWith("\n") ? css : `${css}\n`;
  }
  // Built CSS never contains "</style" (a closing tag ends a style element only so), but a rule
  // that did would end the element early: its "<" is written as the CSS escape "\3c ".
  return `${rules ? `<style data-page-styles="">${rules.replace(/<\/style/gi, "\\3c /style")}</style>` : ""}${links}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
