import { intervals, storageKeys } from "@aurumwire/shared/limits";
import { useEffect } from "react";
import { api } from "../../lib/api-client";

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

/**
 * Counts a view once per article and page session, 3 s after the article shows (spec point 4).
 * The tab's session id (session storage) lets the server de-duplicate too. Failures are only
 * logged (spec point 8).
 */
export function useTrackView(articleId: number) {
  useEffect(() => {
    if (trackedThisPageSession.has(articleId)) return;
    const timer = window.setTimeout(() => {
      trackedThisPageSession.add(articleId);
      api
        .post(`/articles/${articleId}/view`, undefined, {
          headers: { "x-session-id": viewSessionId() },
          allowUnauthorized: true,
        })
        .catch((error) => console.error("View tracking failed", error));
    }, intervals.viewTrackingDelayMs);
    return () => window.clearTimeout(timer);
  }, [articleId]);
}
