import type { ReadingEvent } from "@aurumwire/shared/analytics";

/**
 * The article page's reading signals (issue 22), loaded only after a view was counted: one
 * read-through when the last paragraph of the article body comes into view, and one time on page
 * (seconds the tab was visible) when the reader leaves. Each is sent once with the token of the
 * counted view; no cookie, no third party.
 */
export function startReadingTracker(options: {
  articleId: number;
  token: string;
  shownAt: number;
}): () => void {
  const { articleId, token } = options;
  let visibleMs = 0;
  let visibleSince: number | null = document.visibilityState === "visible" ? options.shownAt : null;
  let timeSent = false;

  const send = (event: ReadingEvent) => {
    fetch(`/api/articles/${articleId}/reading`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
      // Outlives the page when it is being closed.
      keepalive: true,
    }).catch(() => {
      // A lost signal only makes a figure slightly lower; nothing to tell the reader.
    });
  };

  const end = document.querySelector(".aw-article-body")?.lastElementChild;
  let observer: IntersectionObserver | null = null;
  if (end && "IntersectionObserver" in window) {
    observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer?.disconnect();
      observer = null;
      send({ event: "read-through", token });
    });
    observer.observe(end);
  }

  const sendTime = () => {
    if (timeSent) return;
    timeSent = true;
    if (visibleSince !== null) visibleMs += Date.now() - visibleSince;
    visibleSince = null;
    send({ event: "time-on-page", token, seconds: Math.round(visibleMs / 1000) });
  };
  const onVisibility = () => {
    if (document.visibilityState === "hidden") sendTime();
  };
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", sendTime);

  // Leaving the article inside the app (another route) ends the visit too.
  return () => {
    observer?.disconnect();
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("pagehide", sendTime);
    sendTime();
  };
}
