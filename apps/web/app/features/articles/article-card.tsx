import type { Article, HighlightPart } from "@aurumwire/shared/articles";
import { SiteLink } from "../../components/site-link";
import "../../components/site.css";
import "./articles.css";
import { formatPublicArticleDate } from "../../lib/dates";
import { CoverImage } from "./cover-image";
import { articleImage, articlePath, authorName, type CardArticle, formatCount } from "./format";

export type ArticleCardVariant = "grid" | "hero" | "small";

/** Dark text on light category colours, light text on dark ones. */
export function readableTextColor(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return "#0B0B0F";
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16) / 255);
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.5 ? "#0B0B0F" : "#FFFFFF";
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
}: {
  article: CardArticle;
  variant?: ArticleCardVariant;
  eager?: boolean;
  /** The page's LCP image: see CoverImage. */
  priority?: boolean;
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
        width={variant === "hero" ? 1200 : 600}
        height={variant === "hero" ? 600 : 300}
      />
      <div className="aw-card__body">
        {variant !== "small" && (
          <div className="aw-chip-row">
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
          <span>{formatPublicArticleDate(article.publishedAt)}</span>
          {variant !== "small" && <span>{article.readingTime} min read</span>}
          {variant === "hero" && <span>{formatCount(article.viewCount)} views</span>}
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
}: {
  articles: CardArticle[];
  columns?: 3 | 4;
  excerptLength?: number;
  badge?: string;
  /** The grid opens the page: its first cover is the page's LCP image (CoverImage `priority`). */
  priorityFirst?: boolean;
}) {
  return (
    <div className={`aw-grid${columns ? ` aw-grid--${columns}` : ""}`}>
      {articles.map((article, index) => (
        <ArticleCard
          key={article.id}
          article={article}
          excerptLength={excerptLength}
          badge={badge}
          priority={priorityFirst && index === 0}
        />
      ))}
    </div>
  );
}
