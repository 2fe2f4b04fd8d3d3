import { formatDate } from "@aurumwire/shared/format";
import type { LiveCoverage, LiveUpdatesResponse } from "@aurumwire/shared/live-coverage";
import type { LiveUpdateView, StreamLiveUpdateEvent } from "@aurumwire/shared/realtime-events";
import { useEffect, useState, useSyncExternalStore } from "react";
import { readLiveUpdates } from "../../api/articles";
import { newestFirst, updateImageAlt } from "../../components/live/live-update-text";
import { getSnapshot, onLiveUpdate, startLiveStream, subscribe } from "../../lib/live-stream";
import "./live-coverage.css";

/** Without the stream (a buffering proxy, an old browser) the page asks every 30 s instead. */
const pollWithoutStreamMs = 30_000;

const updateTime = (value: string) => formatDate(value, "MMM dd, HH:mm UTC");

/** An event of the stream applied to what the page shows. */
function applyEvent(
  event: StreamLiveUpdateEvent,
  updates: LiveUpdateView[],
): LiveUpdateView[] | null {
  if ((event.action === "posted" || event.action === "edited") && event.update) {
    const update = event.update;
    return newestFirst([...updates.filter((item) => item.id !== update.id), update]);
  }
  if (event.action === "deleted") return updates.filter((item) => item.id !== event.updateId);
  return null;
}

const streamStatus = () => getSnapshot().status;

function CoverageState({ coverage }: { coverage: LiveCoverage }) {
  if (coverage.live) {
    return (
      <span className="aw-chip aw-chip--live" data-testid="live-coverage-state">
        <span className="aw-chip__dot" aria-hidden="true" />
        Live
      </span>
    );
  }
  return (
    <span className="aw-live-coverage__ended" data-testid="live-coverage-state">
      Coverage ended{coverage.endedAt ? ` ${updateTime(coverage.endedAt)}` : ""}
    </span>
  );
}

/**
 * The live coverage of an article (decision 236): timestamped updates, newest first, rendered on
 * the server (readable without JavaScript, the page cache dropped by tag on every change), then
 * kept current over the page's one stream (`live-update` events). New updates are announced
 * politely once each, never per price tick.
 */
export function LiveCoverageSection(props: { slug: string; initial: LiveUpdatesResponse }) {
  const { slug, initial } = props;
  const articleId = initial.coverage.articleId;
  const [coverage, setCoverage] = useState(initial.coverage);
  const [updates, setUpdates] = useState(initial.updates);
  const [announcement, setAnnouncement] = useState("");
  const status = useSyncExternalStore(subscribe, streamStatus, () => "idle");

  useEffect(() => {
    startLiveStream();
    return onLiveUpdate((event) => {
      if (event.articleId !== articleId) return;
      if (event.action === "started" || event.action === "ended") {
        const at = new Date().toISOString();
        setCoverage((current) =>
          event.action === "started"
            ? { ...current, live: true, endedAt: null }
            : { ...current, live: false, endedAt: at },
        );
        setAnnouncement(event.action === "started" ? "Live coverage started" : "Coverage ended");
        return;
      }
      setUpdates((current) => applyEvent(event, current) ?? current);
      if (event.action === "posted") setAnnouncement("New update posted");
    });
  }, [articleId]);

  useEffect(() => {
    if (status !== "unavailable" || !coverage.live) return;
    const timer = window.setInterval(() => {
      readLiveUpdates(slug)
        .then((response) => {
          setCoverage(response.coverage);
          setUpdates(response.updates);
        })
        .catch(() => {});
    }, pollWithoutStreamMs);
    return () => window.clearInterval(timer);
  }, [status, coverage.live, slug]);

  return (
    <section
      className="aw-live-coverage"
      aria-labelledby="live-coverage-heading"
      data-testid="live-coverage"
    >
      <header className="aw-live-coverage__header">
        <h2 id="live-coverage-heading">Live updates</h2>
        <CoverageState coverage={coverage} />
      </header>
      <p className="aw-visually-hidden" role="status">
        {announcement}
      </p>
      {updates.length === 0 ? (
        <p className="aw-live-coverage__empty">The first update will appear here.</p>
      ) : (
        <ol className="aw-live-coverage__list">
          {updates.map((update) => (
            <li key={update.id} id={`update-${update.id}`}>
              <article className="aw-live-update" data-testid="live-update">
                <p className="aw-live-update__meta">
                  <time dateTime={update.createdAt}>{updateTime(update.createdAt)}</time>
                  {update.updatedAt !== update.createdAt && (
                    <span className="aw-live-update__corrected">Updated</span>
                  )}
                  <span>{update.authorName}</span>
                </p>
                <div
                  className="aw-article-body aw-live-update__body"
                  // Sanitized on the server when posted (the article sanitizer, decision 234).
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save
                  dangerouslySetInnerHTML={{ __html: update.content }}
                />
                {update.imageUrl && (
                  <img
                    className="aw-live-update__image"
                    src={update.imageUrl}
                    alt={updateImageAlt(update.content)}
                    loading="lazy"
                  />
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
