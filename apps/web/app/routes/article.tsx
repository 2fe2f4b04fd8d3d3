import { formatDate } from "@aurumwire/shared/format";
import { dateFormats, limits } from "@aurumwire/shared/limits";
import { authorPath } from "@aurumwire/shared/slugs";
import { SiteLink } from "../components/site-link";
import { LikeButton, ShareButton } from "../features/articles/article-actions";
import { CategoryChip } from "../features/articles/article-card";
import "../features/articles/article-page.css";
import "highlight.js/styles/github-dark.css";
import { orNotFound } from "../features/articles/articles.server";
import { Breadcrumb, type Crumb } from "../features/articles/breadcrumb";
import { highlightCodeBlocks } from "../features/articles/code-highlight.server";
import { CoverImage } from "../features/articles/cover-image";
import { articleImage, authorName, formatViews, toCardArticle } from "../features/articles/format";
import { liveBlogPostingJsonLd } from "../features/articles/live-blog-json-ld";
import { LiveCoverageSection } from "../features/articles/live-coverage-section";
import { RelatedArticles, relatedError } from "../features/articles/related-articles";
import { useTrackView } from "../features/articles/use-track-view";
import { NewsletterBox } from "../features/newsletter/newsletter-box";
import { loadArticleSentiment } from "../features/sentiment/sentiment.server";
import { SentimentChip } from "../features/sentiment/sentiment-chip";
import { readingPage } from "../lib/reading-page";
import { absoluteUrl, breadcrumbJsonLd, newsArticleJsonLd, seoMeta, siteFrom } from "../lib/seo";
import type { Route } from "./+types/article";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context;
  const article = await orNotFound(() => services.articles.get(params.slug), "Article not found");
  const [related, contactDetails, sentiment, live] = await Promise.all([
    services.articles
      .related(article.id, limits.relatedArticlesDefault)
      .then((response) => ({ articles: response.articles.map(toCardArticle), error: null }))
      .catch((error: unknown) => {
        console.error("related articles failed", error);
        return { articles: null, error: relatedError };
      }),
    services.publicSettings.contactDetails(),
    loadArticleSentiment(context, article.id),
    services.liveCoverage.forArticle(article.id),
  ]);
  return {
    article: { ...article, content: highlightCodeBlocks(article.content) },
    related,
    bitcoinAddress: contactDetails.bitcoinAddress,
    socialLinks: contactDetails.socialLinks,
    coinSentiment: sentiment?.coins ?? [],
    /** Its live coverage (decision 236), or null when it was never live. */
    live,
  };
}

function crumbsFor(article: Route.ComponentProps["loaderData"]["article"]): Crumb[] {
  return [
    { name: "Home", path: "/" },
    ...(article.category
      ? [{ name: article.category.name, path: `/category/${article.category.slug}` }]
      : [{ name: "News", path: "/articles" }]),
    { name: article.title, path: `/article/${article.slug}` },
  ];
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const article = loaderData?.article;
  // The 404's title comes from the error screen (PageError): one <title>, not two.
  if (!article) return [{ name: "robots", content: "noindex" }];
  const site = siteFrom(matches);
  return seoMeta({
    matches,
    title: article.metaTitle || article.title,
    description: article.metaDescription || article.excerpt,
    path: `/article/${article.slug}`,
    image: article.featuredImage,
    type: "article",
    extra: [
      { property: "article:published_time", content: article.publishedAt ?? article.createdAt },
      { property: "article:modified_time", content: article.updatedAt },
      ...(article.category
        ? [{ property: "article:section", content: article.category.name }]
        : []),
      ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
      loaderData.live
        ? liveBlogPostingJsonLd(
            newsArticleJsonLd({ ...site, socialLinks: loaderData.socialLinks }, article),
            loaderData.live,
            absoluteUrl(site.publicUrl, `/article/${article.slug}`),
          )
        : newsArticleJsonLd({ ...site, socialLinks: loaderData.socialLinks }, article),
      breadcrumbJsonLd(site.publicUrl, crumbsFor(article)),
    ],
  });
};

export default function ArticlePage({ loaderData, matches }: Route.ComponentProps) {
  const { article, related, bitcoinAddress, coinSentiment, live } = loaderData;
  useTrackView(article.id);
  const { publicUrl } = siteFrom(matches);
  const url = absoluteUrl(publicUrl, `/article/${article.slug}`);
  return (
    <>
      <article className="aw-article">
        <Breadcrumb items={crumbsFor(article)} />
        <div className="aw-chip-row">
          {article.category && (
            <SiteLink to={`/category/${article.category.slug}`} style={{ textDecoration: "none" }}>
              <CategoryChip category={article.category} />
            </SiteLink>
          )}
          {article.isPremium && <span className="aw-chip aw-chip--outline">Premium</span>}
        </div>
        <h1 className="aw-article__title">{article.title}</h1>
        <p className="aw-article__excerpt">{article.excerpt}</p>
        <div className="aw-article__meta">
          <span>
            By{" "}
            <SiteLink to={authorPath(article.author)} className="aw-article__author">
              <strong>{authorName(article)}</strong>
            </SiteLink>
          </span>
          <time dateTime={article.publishedAt ?? undefined}>
            {formatDate(article.publishedAt, dateFormats.articles)}
          </time>
          <span>{article.readingTime} min read</span>
          <span>{formatViews(article.viewCount)}</span>
          <span className="aw-article__actions">
            <LikeButton articleId={article.id} initialCount={article.likeCount} />
            <ShareButton title={article.title} url={url} />
          </span>
        </div>
        {coinSentiment.length > 0 && (
          <nav className="sentiment-chips" aria-label="News sentiment per coin">
            {coinSentiment.map((coin) => (
              <SentimentChip key={coin.slug} label={coin.label} coin={coin} />
            ))}
          </nav>
        )}
        <CoverImage
          src={articleImage(article)}
          alt={article.title}
          className="aw-article__image"
          eager
          priority
          sizes="(min-width: 868px) 820px, 100vw"
          width={1200}
          height={600}
        />
        {live && <LiveCoverageSection key={article.id} slug={article.slug} initial={live} />}
        <div
          className="aw-article-body"
          // Sanitized on the server when saved: an allowlist of what the editor produces.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: content is sanitized on save
          dangerouslySetInnerHTML={{ __html: article.content ?? "" }}
        />
        {article.tags.length > 0 && (
          <nav className="aw-tags" aria-label="Tags">
            {article.tags.map((tag) => (
              <SiteLink key={tag} to={`/search?q=${encodeURIComponent(tag)}`}>
                #{tag}
              </SiteLink>
            ))}
          </nav>
        )}
        <aside className="aw-notice aw-notice--disclaimer" aria-labelledby="disclaimer-heading">
          <h2 id="disclaimer-heading">Disclaimer: not financial advice</h2>
          <p>
            This article is for information only and is not financial, investment or trading advice.
            Cryptocurrencies are volatile and you can lose money. Do your own research and consider
            speaking to a qualified adviser before making any decision.
          </p>
        </aside>
        {/* Shown once an admin has set a real address (Site Settings), never a placeholder. */}
        {bitcoinAddress && (
          <aside className="aw-notice aw-notice--bitcoin" aria-labelledby="contribute-heading">
            <h2 id="contribute-heading">Support independent crypto journalism</h2>
            <p>
              If this article helped you, consider a Bitcoin contribution to keep our reporting
              free. Send BTC to:
            </p>
            <code data-testid="bitcoin-address">{bitcoinAddress}</code>
          </aside>
        )}
      </article>
      <NewsletterBox />
      <RelatedArticles
        articleId={article.id}
        initial={related.articles}
        initialError={related.error}
      />
    </>
  );
}

export { PageError as ErrorBoundary } from "../features/articles/page-error";
