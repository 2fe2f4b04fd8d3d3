import type { Category } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import { data } from "react-router";
import { loadArticleList, pageParam } from "../features/articles/articles.server";
import { Breadcrumb } from "../features/articles/breadcrumb";
import { ArticleListSection, EmptyState } from "../features/articles/tabbed-article-view";
import { readingPage } from "../lib/reading-page";
import { breadcrumbJsonLd, rssAlternate, seoMeta, siteFrom } from "../lib/seo";
import type { Route } from "./+types/category";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  let category: Category;
  try {
    category = await context.services.categories.getBySlug(params.slug);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) {
      throw data("Category not found", { status: 404 });
    }
    console.error("category failed", error);
    return { category: null, list: null, error: "Failed to load category data" };
  }
  const list = await loadArticleList(context, {
    categorySlug: category.slug,
    page: pageParam(new URL(request.url)),
    limit: limits.categoryPageSize,
  });
  return {
    category,
    list,
    error: list.error ? "Failed to load category data" : null,
  };
}

/**
 * 'Bitcoin News and Analysis', but 'Breaking News and Analysis' and 'Technical Analysis and News':
 * a name that already says one of the words is not followed by it again.
 */
function categoryPageTitle(name: string): string {
  if (/\bnews$/i.test(name.trim())) return `${name} and Analysis`;
  if (/\banalysis$/i.test(name.trim())) return `${name} and News`;
  return `${name} News and Analysis`;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const category = loaderData?.category;
  // A 404 is titled by the error screen (root.tsx); a failed read by this page's own heading.
  if (!loaderData) return [];
  if (!category) {
    return seoMeta({
      matches,
      title: "Category unavailable",
      description: "This category could not be loaded.",
      path: "/categories",
      noIndex: true,
    });
  }
  const { publicUrl, siteName } = siteFrom(matches);
  return seoMeta({
    matches,
    title: categoryPageTitle(category.name),
    description: category.description ?? `The latest ${category.name} articles from ${siteName}.`,
    path: `/category/${category.slug}`,
    page: loaderData.list?.pagination.page,
    extra: [
      breadcrumbJsonLd(publicUrl, [
        { name: "Home", path: "/" },
        { name: category.name, path: `/category/${category.slug}` },
      ]),
      rssAlternate(
        publicUrl,
        `${category.name} | ${siteName}`,
        `/category/${category.slug}/rss.xml`,
      ),
    ],
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, list, error } = loaderData;
  if (!category || !list) {
    return (
      <div className="aw-alert" role="alert">
        {error ?? "Failed to load category data"}
      </div>
    );
  }
  return (
    <>
      <Breadcrumb
        items={[
          { name: "Home", path: "/" },
          { name: category.name, path: `/category/${category.slug}` },
        ]}
      />
      <header
        className="aw-category-header"
        style={{
          background: `linear-gradient(135deg, ${category.color}33, #15151c 70%)`,
          borderLeft: `6px solid ${category.color}`,
        }}
      >
        <h1 style={{ color: category.color }}>{category.name}</h1>
        {category.description && <p>{category.description}</p>}
      </header>
      <ArticleListSection
        heading={
          <h2 className="aw-section__title">
            Latest {category.name} Articles ({list.pagination.total})
          </h2>
        }
        list={{ ...list, error }}
        path={`/category/${category.slug}`}
        priorityFirst
        empty={<EmptyState title="No articles found in this category yet." />}
      />
    </>
  );
}

export { PageError as ErrorBoundary } from "../features/articles/page-error";
