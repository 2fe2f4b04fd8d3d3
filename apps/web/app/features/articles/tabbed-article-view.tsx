import type { Pagination as PaginationData } from "@aurumwire/shared/articles";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArticleCard, ArticleGrid } from "./article-card";
import type { CardArticle } from "./format";
import "../../components/site.css";
import "./articles.css";

export interface ArticleTab {
  key: string;
  label: string;
  /** Category slugs this tab shows (comma-joined into categorySlug); none: the page's default. */
  categorySlugs?: string[];
}

/** Page links that keep the other query parameters; the current page is marked. */
export function PaginationLinks({
  pagination,
  path,
  params,
}: {
  pagination: PaginationData;
  path: string;
  params?: Record<string, string | undefined>;
}) {
  if (pagination.totalPages <= 1) return null;
  const hrefFor = (page: number) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params ?? {})) if (value) search.set(key, value);
    if (page > 1) search.set("page", String(page));
    const query = search.toString();
    return query ? `${path}?${query}` : path;
  };
  const current = pagination.page;
  const pages = new Set([1, current - 1, current, current + 1, pagination.totalPages]);
  const shown = [...pages]
    .filter((page) => page >= 1 && page <= pagination.totalPages)
    .sort((a, b) => a - b);
  return (
    <nav className="aw-pagination" aria-label="Pages">
      {current > 1 && (
        <Link to={hrefFor(current - 1)} rel="prev">
          Previous
        </Link>
      )}
      {shown.map((page, index) => (
        <span key={page} style={{ display: "contents" }}>
          {index > 0 && page - shown[index - 1] > 1 && <span aria-hidden="true">…</span>}
          {page === current ? (
            <span aria-current="page">{page}</span>
          ) : (
            <Link to={hrefFor(page)}>{page}</Link>
          )}
        </span>
      ))}
      {current < pagination.totalPages && (
        <Link to={hrefFor(current + 1)} rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}

/** Tabs as links (?tab=key), so every tab is a server-rendered, shareable page. */
export function ArticleTabs({
  tabs,
  active,
  path,
  params,
}: {
  tabs: ArticleTab[];
  active: string;
  path: string;
  params?: Record<string, string | undefined>;
}) {
  return (
    <nav className="aw-tabs" aria-label="Sections">
      {tabs.map((tab, index) => {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(params ?? {})) if (value) search.set(key, value);
        if (index > 0) search.set("tab", tab.key);
        const query = search.toString();
        return (
          <Link
            key={tab.key}
            to={query ? `${path}?${query}` : path}
            aria-current={tab.key === active ? "page" : undefined}
            preventScrollReset
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The highlighted box above a list ('Featured Breaking News', 'Premium Analysis'): up to 3. It
 * opens its page, so its first cover is the page's LCP image.
 */
export function HighlightBox({
  title,
  articles,
  badge,
}: {
  title: string;
  articles: CardArticle[];
  badge?: string;
}) {
  if (articles.length === 0) return null;
  return (
    <section className="aw-section aw-highlight" aria-label={title}>
      <h2 className="aw-section__title">{title}</h2>
      <div className="aw-grid aw-grid--3">
        {articles.map((article, index) => (
          <ArticleCard
            key={article.id}
            article={article}
            badge={badge}
            excerptLength={100}
            priority={index === 0}
            eager
          />
        ))}
      </div>
    </section>
  );
}

/**
 * The cards of a list in the first screen at 1440 px (900 high), loaded at once: the first two
 * rows under a page heading, the first row under a highlight box.
 */
const firstScreenCards = { alone: 6, belowHighlights: 3 };

/** A list of articles with its error, empty state and pages. */
export function ArticleListSection({
  list,
  empty,
  path,
  params,
  heading,
  priorityFirst,
}: {
  /** One page of a list as the loader read it: its cards, its pagination, or why it failed. */
  list: { articles: CardArticle[]; pagination: PaginationData; error: string | null };
  empty: ReactNode;
  path: string;
  params?: Record<string, string | undefined>;
  heading?: ReactNode;
  /** No highlight box above: the first cover of the list is the page's LCP image. */
  priorityFirst?: boolean;
}) {
  const { articles, pagination, error } = list;
  return (
    <section className="aw-section">
      {/* Cards are h3s: the list has its h2, seen or not, so no page goes from h1 to h3. */}
      {heading ?? <h2 className="aw-visually-hidden">Articles</h2>}
      {error ? (
        <div className="aw-alert" role="alert">
          {error}
        </div>
      ) : pagination.total === 0 ? (
        empty
      ) : (
        <>
          {articles.length > 0 && (
            <ArticleGrid
              articles={articles}
              columns={3}
              excerptLength={150}
              priorityFirst={priorityFirst}
              eagerCount={priorityFirst ? firstScreenCards.alone : firstScreenCards.belowHighlights}
            />
          )}
          <PaginationLinks pagination={pagination} path={path} params={params} />
        </>
      )}
    </section>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="aw-empty">
      <h2>{title}</h2>
      {children}
    </div>
  );
}
