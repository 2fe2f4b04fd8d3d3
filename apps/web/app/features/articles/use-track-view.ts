import type { ViewSource } from "@aurumwire/shared/analytics";
import { intervals, storageKeys } from "@aurumwire/shared/limits";
import { useEffect } from "react";
import { recordArticleView } from "../../api/articles";

/** Articles already counted in this page session (a reload starts a new one). */
const trackedThisPageSession = new Set<number>();

function viewSessionId(): string {
  let id = window.sessionStorage.getItem(storageKeys.viewSession);
  if (!id) {
    id = crypto.randomUUID();
    window.sessionStorage.setItem(storageKeys.viewSession, id);
  }
  return id;
}

/** How the reader came: the referring page (the server keeps its host at most) and campaign tags. */
function viewSource(): ViewSource {
  const params = new URLSearchParams(window.location.search);
  return {
    referrer: document.referrer.slice(0, 2000),
    utmSource: params.get("utm_source")?.slice(0, 200) ?? undefined,
    utmMedium: params.get("utm_medium")?.slice(0, 200) ?? undefined,
  };
}

/**
 * Counts a view once per article and page session, 3 s after the article shows (spec point 4).
 * The tab's session id (session storage) lets the server de-duplicate too. Failures are only
 * logged (spec point 8). A counted view comes back with a token; only then is the small reading
 * tracker (read-through, time on page) loaded.
 */
export function useTrackView(articleId: number) {
  useEffect(() => {
    if (trackedThisPageSession.has(articleId)) return;
    const shownAt = Date.now();
    let stopReading: (() => void) | null = null;
    let left = false;
    const timer = window.setTimeout(() => {
      trackedThisPageSession.add(articleId);
      recordArticleView(articleId, viewSource(), viewSessionId())
        .then(async (result) => {
          if (!result?.viewToken || left) return;
          const { startReadingTracker } = await import("./reading-tracker");
          if (left) return;
          stopReading = startReadingTracker({ articleId, token: result.viewToken, shownAt });
        })
        .catch((error) => console.error("View tracking failed", error));
    }, intervals.viewTrackingDelayMs);
    return () => {
      left = true;
      window.clearTimeout(timer);
      stopReading?.();
    };
  }, [articleId]);
}
