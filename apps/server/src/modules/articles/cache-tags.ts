import type { ArticleRow } from "../../db/schema";

/**
 * Content tags of cached public reads and pages that show articles (decision 081). A page carries
 * the tags of every read its render made; an article change drops what carries its tags.
 */

/** Shows this article: its page, a card of it in a list, a related link. */
export const articleTag = (id: number) => `article:${id}`;

/**
 * Shows a selection of public articles (lists, the home, category pages, trending, counts, a
 * lookup that found nothing): which articles, in which order. Dropped when an article enters or
 * leaves the public set or moves in it.
 */
export const articleListsTag = "articles";

/** Search results: which articles match depends on their words. */
export const searchResultsTag = "search-results";

/** The tags of a read that shows these articles as (part of) a list. */
export function articleListTags(articles: ReadonlyArray<{ id: number }>): string[] {
  return [articleListsTag, ...articles.map((article) => articleTag(article.id))];
}

/** What decides whether and where an article appears in public lists. */
const listFields = [
  "slug",
  "status",
  "publishedAt",
  "categoryId",
  "authorId",
  "isFeatured",
  "isPremium",
  "isActive",
] as const satisfies ReadonlyArray<keyof ArticleRow>;

/** What a search matches. */
const wordFields = ["title", "excerpt", "content", "tags"] as const satisfies ReadonlyArray<
  keyof ArticleRow
>;

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date
    ? a.getTime() === b.getTime()
    : JSON.stringify(a) === JSON.stringify(b);

function isPublic(row: ArticleRow, now: Date): boolean {
  return (
    row.status === "published" &&
    row.isActive &&
    row.publishedAt !== null &&
    row.publishedAt.getTime() <= now.getTime()
  );
}

/**
 * What a change of one article drops: always the pages and reads that show it; every list when it
 * entered, left or moved in the public set; search results when its words changed. A change to an
 * article readers cannot see (a draft before and after) drops only what shows that article.
 * `before` is null for a new article, `after` null for a deleted one.
 */
export function articleChangeTags(
  before: ArticleRow | null,
  after: ArticleRow | null,
  now = new Date(),
): string[] {
  const id = (after ?? before)?.id;
  if (id === undefined) return [];
  const tags = [articleTag(id)];
  const visible = (before && isPublic(before, now)) || (after && isPublic(after, now));
  if (!visible) return tags;
  const changed = (fields: ReadonlyArray<keyof ArticleRow>) =>
    !before || !after || fields.some((field) => !sameValue(before[field], after[field]));
  if (changed(listFields)) tags.push(articleListsTag);
  if (changed(wordFields)) tags.push(searchResultsTag);
  return tags;
}
