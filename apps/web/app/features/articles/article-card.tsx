import type { Article, HighlightPart } from "@aurumwire/shared/articles";
import { formatDate } from "@aurumwire/shared/format";
import { dateFormats } from "@aurumwire/shared/limits";
import { SiteLink } from "../../components/site-link";
import "../../components/site.css";
import "./articles.css";
import { readableTextColor } from "../../lib/contrast";
import { CoverImage } from "./cover-image";
import { articleImage, articlePath, authorName, type CardArticle, formatViews } from "./format";
import { LiveChip } from "./live-articles";

export type ArticleCardVariant = "grid" | "hero" | "small";

/** The width of a card's image slot per layout (articles.css), for the browser to pick a srcset width. */
const cardImageSizes = {
  hero: "(min-width: 1536px) 890px, (min-width: 900px) 58vw, 100vw",
  small: "96px",
  grid: "(min-width: 1536px) 500px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw",
} as const;

export function gridImageSizes(columns?: 3 | 4): string {
  if (columns === 4)
    return "(min-width: 1536px) 380px, (min-width: 1200px) 25vw, (min-width: 600px) 50vw, 100vw";
  if (columns === 3) return "(min-width: 1536px) 500px, (min-width: 900px) 33vw, 100vw";
  return cardImageSizes.grid;
}

export function CategoryChip({ category }: { category: Article["category"] }) {
  if (!category) return null;
  return (
    <span
      className="aw-chip"
      style={{ background: category.color, color: readableTextColor(category.color) }}
    >
      {category.name}
    </span>
  );
}

/**
 * A search result's snippet: the server sends plain text in parts, so matched words become <mark>
 * elements and everything else a text node. No HTML from an article is ever set here.
 */
function HighlightedSnippet({ parts }: { parts: HighlightPart[] }) {
  return (
    <p className="aw-card__excerpt aw-card__excerpt--snippet">
      {parts.map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder; a word may repeat
          <mark key={index} className="aw-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/**
 * One article in a list: cover, category, title, excerpt (a search result: its snippet) and meta,
 * the whole card a link to /article/{slug}. Plain HTML, see articles.css.
 */
export function ArticleCard({
  article,
  variant = "grid",
  eager,
  priority,
  excerptLength,
  badge,
  sizes,
}: {
  article: CardArticle;
  variant?: ArticleCardVariant;
  eager?: boolean;
  /** The page's LCP image: see CoverImage. */
  priority?: boolean;
  /** The image slot's width when the card's layout differs from its variant's usual one. */
  sizes?: string;
  /** Cut the excerpt to this many characters (featured cards: 100, lists: 150). */
  excerptLength?: number;
  badge?: string;
}) {
  const excerpt =
    excerptLength && article.excerpt.length > excerptLength
      ? `${article.excerpt.slice(0, excerptLength).trimEnd()}…`
      : article.excerpt;
  const HeadingTag = variant === "hero" ? "h2" : "h3";
  return (
    <SiteLink
      to={articlePath(article)}
      className={`aw-card aw-card--${variant}`}
      data-testid="article-card"
    >
      <CoverImage
        src={articleImage(article)}
        alt=""
        className="aw-card__image"
        eager={eager}
        priority={priority}
        sizes={sizes ?? cardImageSizes[variant]}
        width={variant === "hero" ? 1200 : 600}
        height={variant === "hero" ? 600 : 300}
      />
      <div className="aw-card__body">
        {variant !== "small" && (
          <div className="aw-chip-row">
            <LiveChip articleId={article.id} />
            <CategoryChip category={article.category} />
            {badge && <span className="aw-chip aw-chip--outline">{badge}</span>}
          </div>
        )}
        <HeadingTag className="aw-card__title">{article.title}</HeadingTag>
        {variant !== "small" &&
          (article.highlight ? (
            <HighlightedSnippet parts={article.highlight} />
          ) : (
            <p className="aw-card__excerpt">{excerpt}</p>
          ))}
        <div className="aw-card__meta">
          {variant !== "small" && <span>{authorName(article)}</span>}
          <span>{formatDate(article.publishedAt, dateFormats.articles)}</span>
          {variant !== "small" && <span>{article.readingTime} min read</span>}
          {variant === "hero" && <span>{formatViews(article.viewCount)}</span>}
        </div>
      </div>
    </SiteLink>
  );
}

export function ArticleGrid({
  articles,
  columns,
  excerptLength,
  badge,
  priorityFirst,
  eagerCount = 0,
}: {
  articles: CardArticle[];
  columns?: 3 | 4;
  excerptLength?: number;
  badge?: string;
  /** The grid opens the page: its first cover is the page's LCP image (CoverImage `priority`). */
  priorityFirst?: boolean;
  /** The first cards load at once (the first row above the fold), the rest lazily. */
  eagerCount?: number;
}) {
  return (
    <div className={`aw-grid${columns ? ` aw-grid--${columns}` : ""}`}>
      {articles.map((article, position) => (
        <ArticleCard
          key={article.id}
          article={article}
          excerptLength={excerptLength}
          badge={badge}
          priority={priorityFirst && position === 0}
          eager={position < eagerCount || (priorityFirst && position === 0)}
          sizes={gridImageSizes(columns)}
        />
      ))}
    </div>
  );
}
