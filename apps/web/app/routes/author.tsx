import { limits } from "@aurumwire/shared/limits";
import { authorIdFromSlug, authorPath } from "@aurumwire/shared/slugs";
import { data, redirect } from "react-router";
import { loadArticleList, orNotFound, pageParam } from "../features/articles/articles.server";
import { Breadcrumb } from "../features/articles/breadcrumb";
import { ArticleListSection, EmptyState } from "../features/articles/tabbed-article-view";
import { readingPage } from "../lib/reading-page";
import { absoluteUrl, breadcrumbJsonLd, descriptionText, seoMeta, siteFrom } from "../lib/seo";
import type { Route } from "./+types/author";

/**
 * An author's page (decision 137): who they are and their articles, newest first, 12 a page. The
 * byline of every article and NewsArticle's author.url point here.
 */
/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = authorIdFromSlug(params.slug);
  if (id === null) throw data("Author not found", { status: 404 });
  const author = await orNotFound(() => context.services.publicAuthors.get(id), "Author not found");
  const url = new URL(request.url);
  const path = authorPath(author);
  // A renamed author's old links still work and send readers (and search engines) to the new one.
  if (url.pathname !== path) throw redirect(`${path}${url.search}`, 301);
  const list = await loadArticleList(context, {
    authorId: author.id,
    page: pageParam(url),
    limit: limits.categoryPageSize,
  });
  return { author, path, list };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  // A 404 is titled by the error screen.
  if (!loaderData) return [];
  const { author, path } = loaderData;
  const { publicUrl, siteName } = siteFrom(matches);
  const name = `${author.firstName} ${author.lastName}`.trim();
  return seoMeta({
    matches,
    title: `${name}: articles and analysis`,
    description: author.bio
      ? descriptionText(author.bio)
      : `Crypto news and analysis by ${name} for ${siteName}.`,
    path,
    page: loaderData.list.pagination.page,
    image: author.avatar,
    type: "profile",
    extra: [
      breadcrumbJsonLd(publicUrl, [
        { name: "Home", path: "/" },
        { name, path },
      ]),
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "ProfilePage",
          mainEntity: {
            "@type": "Person",
            name,
            url: absoluteUrl(publicUrl, path),
            ...(author.bio ? { description: author.bio } : {}),
            ...(author.avatar ? { image: absoluteUrl(publicUrl, author.avatar) } : {}),
            worksFor: { "@type": "Organization", name: siteName, url: absoluteUrl(publicUrl, "/") },
          },
        },
      },
    ],
  });
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, path, list } = loaderData;
  const name = `${author.firstName} ${author.lastName}`.trim();
  const total = list.pagination.total;
  return (
    <>
      <Breadcrumb
        items={[
          { name: "Home", path: "/" },
          { name, path },
        ]}
      />
      <header className="aw-author-header">
        {author.avatar && (
          <img
            src={author.avatar}
            alt=""
            width={96}
            height={96}
            className="aw-author-header__avatar"
          />
        )}
        <div>
          <h1>{name}</h1>
          {author.bio ? (
            <p className="aw-author-header__bio">{author.bio}</p>
          ) : (
            <p className="aw-author-header__bio">Writes for the AurumWire desk.</p>
          )}
        </div>
      </header>
      <ArticleListSection
        heading={
          <h2 className="aw-section__title">
            Articles by {name} ({total})
          </h2>
        }
        list={list}
        path={path}
        priorityFirst
        empty={<EmptyState title="No articles by this author yet." />}
      />
    </>
  );
}

export { PageError as ErrorBoundary } from "../features/articles/page-error";
