import type { ArticleListQuery, Pagination } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { type CardArticle, toCardArticle } from "./format";

/** An error from the server's services with an HTTP status (AppError), told apart by shape. */
function statusOf(error: unknown): number | undefined {
  return typeof error === "object" && error !== null && "statusCode" in error
    ? Number((error as { statusCode: unknown }).statusCode)
    : undefined;
}

/** Turns a service's 404 into the route's 404 response with the spec's sentence. */
export async function orNotFound<T>(load: () => Promise<T>, message: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (statusOf(error) === 404) throw data(message, { status: 404 });
    throw error;
  }
}

export const listError = "Failed to fetch articles";

/** A public article list for a page; a failure becomes the spec's error text instead of a 500. */
export async function loadArticleList(
  context: AppLoadContext,
  query: Partial<ArticleListQuery>,
): Promise<{ articles: CardArticle[]; pagination: Pagination; error: string | null }> {
  const full: ArticleListQuery = { page: 1, limit: limits.defaultPageSize, ...query };
  let list: Awaited<ReturnType<typeof context.services.articles.list>>;
  try {
    list = await context.services.articles.list(full);
  } catch (error) {
    console.error("article list failed", error);
    return {
      articles: [],
      pagination: { page: full.page, limit: full.limit, total: 0, totalPages: 0 },
      error: listError,
    };
  }
  // A page past the last one is not an empty page of the list: search engines would keep it.
  if (full.page > 1 && full.page > list.pagination.totalPages) {
    throw data("Page not found", { status: 404 });
  }
  return { articles: list.articles.map(toCardArticle), pagination: list.pagination, error: null };
}

/** Parses ?page= leniently for pages (a bad value is page 1, not an error screen). */
export function pageParam(url: URL): number {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export interface SectionTab {
  key: string;
  /** Category slugs of this tab; the first tab may leave it out to mean "everything". */
  categorySlugs?: string[];
}

/**
 * Data of a tabbed section page (News, Markets, Analysis): the chosen tab (?tab=), one page of its
 * articles (20), and up to 3 highlighted ones (featured or premium) for the box above the list.
 */
export async function loadSectionPage(
  context: AppLoadContext,
  request: Request,
  options: { tabs: SectionTab[]; highlight: "featured" | "premium"; search?: string },
) {
  const url = new URL(request.url);
  const tab =
    options.tabs.find((item) => item.key === url.searchParams.get("tab")) ?? options.tabs[0];
  const categorySlug = tab.categorySlugs?.join(",");
  const page = pageParam(url);
  // The highlight box belongs to the first page of a section; search results stand alone (featured
  // cards unrelated to the words searched read as results).
  const withHighlight = page === 1 && !options.search;
  const [list, highlighted] = await Promise.all([
    loadArticleList(context, {
      page,
      limit: limits.categoryPageSize,
      categorySlug,
      search: options.search,
    }),
    withHighlight
      ? loadArticleList(context, {
          limit: limits.featuredSectionMax,
          categorySlug,
          ...(options.highlight === "featured" ? { featured: "true" } : { premium: "true" }),
        })
      : null,
  ]);
  const highlightedArticles = highlighted?.articles ?? [];
  // A card already in the highlight box is not repeated right below it.
  const shown = new Set(highlightedArticles.map((article) => article.id));
  return {
    tab: tab.key,
    path: url.pathname,
    list: { ...list, articles: list.articles.filter((article) => !shown.has(article.id)) },
    highlighted: highlightedArticles,
  };
}
