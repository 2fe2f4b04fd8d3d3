import { PageHeading } from "../components/page-heading";
import { ArticleCard, ArticleGrid } from "../features/articles/article-card";
import { type CardArticle, toCardArticle } from "../features/articles/format";
import { EmptyState } from "../features/articles/tabbed-article-view";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/trending";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const [trending, popular] = await Promise.all([
      context.services.articles.trending(12),
      context.services.articles.popular(5, "week"),
    ]);
    return {
      trending: trending.map(toCardArticle),
      popular: popular.map(toCardArticle),
      error: null,
    };
  } catch (error) {
    console.error("trending failed", error);
    return {
      trending: [] as CardArticle[],
      popular: [] as CardArticle[],
      error: "Failed to fetch articles",
    };
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Trending in Crypto",
    description:
      "What crypto readers are reading right now: the stories gaining attention, ranked by recent views.",
    path: "/trending",
  });

export default function TrendingPage({ loaderData }: Route.ComponentProps) {
  const { trending, popular, error } = loaderData;
  return (
    <>
      <PageHeading
        title="Trending"
        subtitle="The stories readers are turning to right now, ranked by recent views."
      />
      {error && (
        <div className="aw-alert" role="alert">
          {error}
        </div>
      )}
      <div className="aw-layout-sidebar">
        <section className="aw-section" aria-labelledby="trending-now-heading">
          <h2 id="trending-now-heading" className="aw-section__title">
            Trending Now
          </h2>
          {trending.length === 0 && !error ? (
            <EmptyState title="No trending articles yet." />
          ) : (
            <ArticleGrid
              articles={trending}
              columns={3}
              excerptLength={120}
              priorityFirst
              eagerCount={6}
            />
          )}
        </section>
        <aside aria-label="Most read this week">
          <section className="aw-sidebar-box" aria-labelledby="popular-heading">
            <h2 id="popular-heading">Most Read This Week</h2>
            <ol className="aw-stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {popular.map((article, index) => (
                <li key={article.id}>
                  {/* The first of the box are beside the grid's first row, in the first screen. */}
                  <ArticleCard article={article} variant="small" eager={index < 6} />
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </>
  );
}
