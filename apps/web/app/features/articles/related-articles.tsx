import { limits } from "@aurumwire/shared/limits";
import { useState } from "react";
import { readRelatedArticles } from "../../api/articles";
import { ApiError } from "../../lib/api-client";
import { ArticleGrid } from "./article-card";
import type { CardArticle } from "./format";
import { LoadArticlesButton } from "./load-articles-button";

export const relatedError = "Failed to load related articles";

/**
 * Related Articles (6 cards). Rendered on the server when it could load them; otherwise the
 * spec's error with a Retry that asks the API (the server's message is shown when it has one).
 */
export function RelatedArticles({
  articleId,
  initial,
  initialError,
}: {
  articleId: number;
  initial: CardArticle[] | null;
  initialError: string | null;
}) {
  const [articles, setArticles] = useState(initial);
  const [error, setError] = useState(initialError);
  const [loading, setLoading] = useState(false);

  async function retry() {
    setLoading(true);
    setError(null);
    try {
      const response = await readRelatedArticles(articleId, limits.relatedArticlesDefault);
      setArticles(response.articles);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.message ? caught.message : relatedError);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="aw-section" aria-labelledby="related-heading" style={{ marginTop: 48 }}>
      <h2 id="related-heading" className="aw-section__title">
        Related Articles
      </h2>
      {error ? (
        <div className="aw-alert" role="alert">
          <span>{error}</span>
          <LoadArticlesButton loading={loading} onClick={retry}>
            Retry
          </LoadArticlesButton>
        </div>
      ) : articles && articles.length > 0 ? (
        <ArticleGrid articles={articles} columns={3} excerptLength={limits.featuredCardExcerpt} />
      ) : (
        <div className="aw-empty">No related articles yet.</div>
      )}
    </section>
  );
}
