import { limits } from "@aurumwire/shared/limits";
import { useState } from "react";
import { readArticlePage } from "../../api/articles";
import { ArticleGrid } from "./article-card";
import type { CardArticle } from "./format";
import { LoadArticlesButton } from "./load-articles-button";

const overlap = 5;

/**
 * All Stories on the home page: from the 8th article on, 20 at a time. 'Load More Articles'
 * shows while more exist and reads 'Loading...' while the next 20 are fetched.
 */
export function AllStories({
  initial,
  startOffset,
  total,
}: {
  initial: CardArticle[];
  /** Position of the first story in the full list (7: the 8th article). */
  startOffset: number;
  total: number;
}) {
  const [stories, setStories] = useState(initial);
  const [knownTotal, setKnownTotal] = useState(total);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasMore = startOffset + stories.length < knownTotal;

  async function loadMore() {
    setLoading(true);
    setError(null);
    try {
      // Articles published since the page was rendered push the list down; asking for a few
      // extra and skipping the ones already shown still adds a full 20.
      const offset = startOffset + stories.length;
      const page = await readArticlePage(offset, limits.loadMoreStep + overlap);
      const seen = new Set(stories.map((story) => story.id));
      const fresh = page.articles.filter((article) => !seen.has(article.id));
      setStories([...stories, ...fresh.slice(0, limits.loadMoreStep)]);
      setKnownTotal(page.pagination.total);
    } catch {
      // Spec point 8: the listing's error alert reads the same whatever the status was.
      setError("Failed to fetch articles");
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="aw-section" aria-labelledby="all-stories-heading">
      <h2 id="all-stories-heading" className="aw-section__title">
        All Stories
      </h2>
      {stories.length === 0 ? (
        <div className="aw-empty">No articles available</div>
      ) : (
        <ArticleGrid articles={stories} columns={3} excerptLength={limits.featuredListExcerpt} />
      )}
      {error && (
        <div className="aw-alert" role="alert" style={{ marginTop: 16 }}>
          {error}
        </div>
      )}
      {hasMore && (
        <div style={{ display: "flex", justifyContent: "center", marginTop: 28 }}>
          <LoadArticlesButton loading={loading} onClick={loadMore}>
            Load More Articles
          </LoadArticlesButton>
        </div>
      )}
    </section>
  );
}
