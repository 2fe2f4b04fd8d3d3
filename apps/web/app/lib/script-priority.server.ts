import type { EntryContext } from "react-router";
import type { readingPage } from "./reading-page";

/**
 * The page's scripts wait for its content (decision 150). React Router preloads every module of
 * the page from <head> (`<link rel="modulepreload">`), which browsers fetch at high priority, ahead
 * of the LCP image and in competition with the first paint on a slow phone connection. The page is
 * server-rendered and readable without them: they only make it interactive. So each module
 * preload in <head> asks for low priority; the LCP image keeps its `fetchpriority="high"`.
 */
const modulePreload = Buffer.from('rel="modulepreload"');
const lowPriority = Buffer.from(' fetchpriority="low"');
const headEnd = Buffer.from("</head>");

export function lowerModulePreloadPriority(page: Buffer): Buffer {
  const end = page.indexOf(headEnd);
  if (end < 0) return page;
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = page.indexOf(modulePreload); at >= 0 && at < end; ) {
    const after = at + modulePreload.length;
    parts.push(page.subarray(from, after), lowPriority);
    from = after;
    at = page.indexOf(modulePreload, after);
  }
  if (parts.length === 0) return page;
  parts.push(page.subarray(from));
  return Buffer.concat(parts);
}

/** Whether the page's own route (the deepest match) is a reading page (`lib/reading-page.ts`). */
export function startsScriptsAfterContent(routerContext: EntryContext): boolean {
  const { matches, errors } = routerContext.staticHandlerContext;
  if (errors) return false;
  const page = matches.at(-1);
  const handle = page && routerContext.routeModules[page.route.id]?.handle;
  return (handle as Partial<typeof readingPage> | undefined)?.scriptsAfterContent === true;
}

/** Where the bootstrap goes while it waits: a type the browser neither runs nor fetches for. */
const waitingScriptId = "aw-scripts";
const bootstrapStart = Buffer.from(' type="module" async=""');
const waitingType = Buffer.from(` type="text/x-aurumwire-waiting" id="${waitingScriptId}"`);
const preloadLink = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*\/>/g;
const nonceAttribute = /\snonce="([^"]*)"/;

/**
 * The script that starts the waiting bootstrap: once the page's LCP image (the one image with
 * `fetchpriority="high"`) is decoded and a frame has painted it, or at once after the first paint
 * on a page without one. A reader who presses, taps or types before that starts it straight away;
 * a stalled image holds it back 3 seconds at most. It preloads the modules the server named, as
 * React Router's links did, 8 to a task (starting a fetch costs ~0.7 ms on a fresh browser: all
 * ~26 at once made a long task), and then, in a task of its own, runs the bootstrap's own text as
 * a module script with the page's nonce; a cached page's policy lists the hash of that same text
 * (policyForSharedPage).
 *
 * No press is lost meanwhile: every page's early-input script (`lib/early-input.ts`, decision 241)
 * keeps what comes before hydration and hands it over after.
 */
function starter(modules: string[]): string {
  return `(function(modules){var boot=document.getElementById(${JSON.stringify(waitingScriptId)}),started=false,events=["pointerdown","keydown","touchstart"];function start(){if(started)return;started=true;events.forEach(function(name){removeEventListener(name,start,true)});preload(0)}function preload(from){modules.slice(from,from+8).forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});setTimeout(from+8<modules.length?function(){preload(from+8)}:run,0)}function run(){var script=document.createElement("script");script.type="module";script.nonce=boot.nonce;script.textContent=boot.textContent;document.body.appendChild(script)}function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}events.forEach(function(name){addEventListener(name,start,{capture:true,passive:true})});setTimeout(start,3000);var image=document.querySelector('img[fetchpriority="high"]');(image&&image.decode?image.decode().catch(function(){}):Promise.resolve()).then(afterPaint)})(${JSON.stringify(modules)})`;
}

/**
 * A reading page starts its scripts after its content has painted (decision 150, third pass).
 * Even at low priority, module preloads in <head> arrive before the LCP image paints on a fast
 * connection, and Lighthouse's simulation then counts ~250 KB of scripts before the LCP. This
 * takes the module preloads out of <head>, turns React Router's bootstrap module into an inert
 * script of another type, and adds the starter above after it. Pages without the bootstrap (or
 * rendered some other way) come back unchanged.
 */
export function startScriptsAfterContent(page: Buffer): Buffer {
  const bootAt = page.indexOf(bootstrapStart);
  const end = page.indexOf(headEnd);
  if (bootAt < 0 || end < 0 || bootAt < end) return page;
  const tagStart = page.lastIndexOf("<script", bootAt);
  const closeAt = page.indexOf("</script>", bootAt);
  if (tagStart < 0 || closeAt < 0) return page;
  const head = page.subarray(0, end).toString("utf8");
  const modules = [...head.matchAll(preloadLink)].map((match) => match[1]);
  const nonce = page.subarray(tagStart, bootAt).toString("utf8").match(nonceAttribute)?.[1];
  const afterClose = closeAt + "</script>".length;
  return Buffer.concat([
    Buffer.from(head.replace(preloadLink, "")),
    page.subarray(end, bootAt),
    waitingType,
    page.subarray(bootAt + bootstrapStart.length, afterClose),
    Buffer.from(`<script${nonce ? ` nonce="${nonce}"` : ""}>${starter(modules)}</script>`),
    page.subarray(afterClose),
  ]);
}
