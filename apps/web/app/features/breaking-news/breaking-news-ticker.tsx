import { intervals } from "@aurumwire/shared/limits";
import type { NewsTickerResponse, TickerNewsItem } from "@aurumwire/shared/news";
import { sentimentLabelText } from "@aurumwire/shared/sentiment-display";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { requestArticleFor, useBreakingNews } from "./use-breaking-news";
import "./breaking-news.css";

/**
 * The home page's breaking-news line: one headline at a time, the next every 4 s (paused while the
 * pointer or keyboard focus is on it). A click opens the item's article, or asks the server to
 * write one first ('Generating article...') and then opens it. Plain elements and classes, not MUI:
 * it is on every home page render, where emotion re-serialized its styles each time (decision 038).
 */
export function BreakingNewsTicker({
  items,
  onOpen,
}: {
  items: TickerNewsItem[] | null;
  /** Opens an item: resolves once the article page is on its way. */
  onOpen: (item: TickerNewsItem) => Promise<void>;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [generating, setGenerating] = useState(false);
  const count = items?.length ?? 0;

  useEffect(() => {
    if (count < 2 || paused || generating) return;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % count),
      intervals.newsTickerRotationMs,
    );
    return () => window.clearInterval(timer);
  }, [count, paused, generating]);

  const current = items && count > 0 ? items[index % count] : null;

  async function open() {
    if (!current || generating) return;
    if (!current.articleSlug) setGenerating(true);
    try {
      await onOpen(current);
    } catch (error) {
      // Spec point 8: breaking ticker failures are only logged.
      console.error("Could not open the breaking-news article:", error);
    } finally {
      setGenerating(false);
    }
  }

  return (
    <section
      className="aw-breaking"
      aria-label="Breaking news"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="aw-breaking__label">BREAKING</span>
      {!current ? (
        <p className="aw-breaking__note">Loading latest breaking crypto news...</p>
      ) : generating ? (
        <p className="aw-breaking__note aw-breaking__note--busy" role="status">
          Generating article...
        </p>
      ) : (
        <button
          type="button"
          className="aw-breaking__item"
          onClick={open}
          data-testid="breaking-news-item"
          data-has-article={current.articleSlug ? "true" : "false"}
        >
          {/* `breaking-title` is what the e2e spec reads the headline from. */}
          <span className="aw-breaking__title breaking-title">{current.title}</span>
          <SentimentMark label={current.sentiment} />
          <span className="aw-breaking__source">{current.source}</span>
        </button>
      )}
    </section>
  );
}

/** "▲ Bullish" / "▼ Bearish" after a headline (issue 30); nothing for neutral or unscored. */
export function SentimentMark({ label }: { label: TickerNewsItem["sentiment"] }) {
  if (label !== "positive" && label !== "negative") return null;
  return (
    <span
      className={`aw-breaking__mood aw-breaking__mood--${label}`}
      data-testid="breaking-sentiment"
    >
      <span aria-hidden="true">{label === "positive" ? "▲" : "▼"}</span> {sentimentLabelText[label]}
    </span>
  );
}

/** The ticker with its data: the server's first answer, refreshed every 600 s. */
export function LiveBreakingNewsTicker({ initial }: { initial: NewsTickerResponse | null }) {
  const items = useBreakingNews(initial);
  const navigate = useNavigate();
  async function onOpen(item: TickerNewsItem) {
    const slug = item.articleSlug ?? (await requestArticleFor(item));
    navigate(`/article/${slug}`);
  }
  // A pushed item comes first: a new key starts the line again at it.
  return <BreakingNewsTicker key={items?.[0]?.id ?? "none"} items={items} onOpen={onOpen} />;
}
