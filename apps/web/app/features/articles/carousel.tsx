import { carousel, intervals } from "@aurumwire/shared/limits";
import { useCallback, useEffect, useRef, useState } from "react";
import { ArticleCard } from "./article-card";
import type { CardArticle } from "./format";
import "./carousel.css";

/**
 * The 'Latest in Crypto' carousel (spec points 2 and 4): `visible` cards at a time out of at most
 * max(6, visible); the window advances every 6 s and wraps to the start after the last one; a
 * manual previous, next or dot click pauses rotation for 10 s; previous is disabled at the start
 * and next at the end.
 */
/** Cards in view at once: one on a phone, two on a tablet, `widest` above (carousel.css agrees). */
function useVisibleCards(widest: number): number {
  const [visible, setVisible] = useState(widest);
  useEffect(() => {
    const phone = window.matchMedia("(max-width: 599px)");
    const tablet = window.matchMedia("(max-width: 899px)");
    const update = () =>
      setVisible(phone.matches ? 1 : tablet.matches ? Math.min(2, widest) : widest);
    update();
    phone.addEventListener("change", update);
    tablet.addEventListener("change", update);
    return () => {
      phone.removeEventListener("change", update);
      tablet.removeEventListener("change", update);
    };
  }, [widest]);
  return visible;
}

export function ArticleCarousel({
  articles,
  title = "Latest in Crypto",
  visible: widest = carousel.visible,
}: {
  articles: CardArticle[];
  title?: string;
  visible?: number;
}) {
  const visible = useVisibleCards(widest);
  const cards = articles.slice(0, Math.max(carousel.maxCards, visible));
  const lastIndex = Math.max(0, cards.length - visible);
  const [index, setIndex] = useState(0);
  const pausedUntil = useRef(0);
  // Fewer cards in view (a narrower screen) means more positions; more cards means fewer.
  useEffect(() => setIndex((current) => Math.min(current, lastIndex)), [lastIndex]);

  useEffect(() => {
    if (lastIndex === 0) return;
    const timer = window.setInterval(() => {
      if (Date.now() < pausedUntil.current) return;
      setIndex((current) => (current >= lastIndex ? 0 : current + 1));
    }, intervals.carouselRotateMs);
    return () => window.clearInterval(timer);
  }, [lastIndex]);

  const goTo = useCallback(
    (next: number) => {
      pausedUntil.current = Date.now() + intervals.carouselPauseMs;
      setIndex(Math.min(lastIndex, Math.max(0, next)));
    },
    [lastIndex],
  );

  if (cards.length === 0) {
    return (
      <section className="aw-carousel" aria-label={title}>
        <div className="aw-empty">No articles available</div>
      </section>
    );
  }

  return (
    <section
      className="aw-carousel"
      aria-roledescription="carousel"
      aria-label={title}
      style={{ "--aw-visible": visible } as React.CSSProperties}
    >
      <div className="aw-carousel__header">
        <h2>{title}</h2>
        <div className="aw-carousel__controls">
          <button
            type="button"
            aria-label="Previous articles"
            disabled={index === 0}
            onClick={() => goTo(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            aria-label="Next articles"
            disabled={index >= lastIndex}
            onClick={() => goTo(index + 1)}
          >
            ›
          </button>
        </div>
      </div>
      <div className="aw-carousel__viewport">
        <div
          className="aw-carousel__track"
          style={{ transform: `translateX(-${(index * 100) / visible}%)` }}
        >
          {cards.map((article, position) => (
            <div
              className="aw-carousel__slide"
              key={article.id}
              // Out of view: inert, so neither screen readers nor the Tab key reach its link
              // (aria-hidden alone left focusable links inside: axe aria-hidden-focus).
              inert={position < index || position >= index + visible}
            >
              <ArticleCard article={article} eager={position < visible} priority={position === 0} />
            </div>
          ))}
        </div>
      </div>
      {lastIndex > 0 && (
        <div className="aw-carousel__dots">
          {Array.from({ length: lastIndex + 1 }, (_, dot) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: dots are positions, nothing else
              key={dot}
              type="button"
              aria-label={
                visible === 1
                  ? `Show article ${dot + 1}`
                  : `Show articles ${dot + 1} to ${dot + visible}`
              }
              aria-current={dot === index}
              onClick={() => goTo(dot)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
