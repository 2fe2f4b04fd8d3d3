import { Writable } from "node:stream";
import { renderedPageResponse } from "@aurumwire/shared/rendered-page";
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { inlinePageStyles } from "./lib/inline-styles.server";
import {
  lowerModulePreloadPriority,
  startScriptsAfterContent,
  startsScriptsAfterContent,
} from "./lib/script-priority.server";
import { NonceContext } from "./nonce";
import { StylesInlinedContext } from "./page-styles";

export const streamTimeout = 10_000;

/** The reason given when a finished render is released: made once, not an Error per page. */
const renderFinished = "the page was rendered";

/** Where root.tsx asks for the MUI (emotion) styles the render used. */
const insertionPoint = Buffer.from('<meta name="emotion-insertion-point" content=""/>');
/** Where the page's stylesheets go: last in <head>, where their links were (decision 150). */
const headEnd = Buffer.from("</head>");

/**
 * Whether the render used any of MUI's scoped (class name) styles. Emotion looks for their class
 * names in the page to keep only the used ones; global styles (CssBaseline) go in regardless. The
 * public pages are plain HTML with only the global styles, so their page need not be decoded into
 * a string for that search (~7% of what an article render allocated).
 */
function usesScopedStyles(cache: EmotionCache): boolean {
  return Object.keys(cache.inserted).some(
    (id) => cache.registered[`${cache.key}-${id}`] !== undefined,
  );
}

/**
 * Renders the whole page, then puts the MUI (emotion) styles it used into <head>, so the first
 * HTML byte stream carries both the content and its styles: no flash of unstyled content.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const stylesheets = loadContext.stylesheets;
  const cache = createCache({ key: "css" });
  const emotionServer = createEmotionServer(cache);

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesInlinedContext.Provider value={stylesheets !== undefined}>
          <CacheProvider value={cache}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </CacheProvider>
        </StylesInlinedContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          // Collects the finished page (React writes it in chunks); nothing reads it as a stream.
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
          });
          sink.on("finish", () => {
            // The page is complete. Aborting now (a no-op for the finished HTML) releases the
            // render: React Router's loader-data stream stays open otherwise, and through it the
            // whole render (tree, HTML, request) stays in memory until the timer below fires.
            clearTimeout(abortTimer);
            abort(renderFinished);
            const rendered = Buffer.concat(chunks);
            // A reading page starts its scripts after its content; any other page preloads them
            // at low priority (decision 150).
            const page = startsScriptsAfterContent(routerContext)
              ? startScriptsAfterContent(rendered)
              : lowerModulePreloadPriority(rendered);
            const critical = emotionServer.extractCriticalToChunks(
              usesScopedStyles(cache) ? page.toString("utf8") : "",
            );
            // A page without MUI (the public pages, decision 150) gets no empty style element.
            critical.styles = critical.styles.filter((style) => style.css.length > 0);
            const styles = emotionServer.constructStyleTagsFromChunks(critical);
            // The page stays bytes: the styles are spliced in, not the whole page re-encoded.
            // The emotion styles come before the page's stylesheets, whose rules win a tie.
            const parts: Buffer[] = [];
            let from = 0;
            const at = page.indexOf(insertionPoint);
            if (at >= 0) {
              parts.push(page.subarray(0, at), Buffer.from(styles));
              from = at + insertionPoint.length;
            }
            const end = page.indexOf(headEnd, from);
            if (stylesheets && end >= 0) {
              parts.push(
                page.subarray(from, end),
                Buffer.from(inlinePageStyles(routerContext, stylesheets)),
              );
              from = end;
            }
            const body = parts.length ? Buffer.concat([...parts, page.subarray(from)]) : page;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(renderedPageResponse(body, { status, headers: responseHeaders }));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}
