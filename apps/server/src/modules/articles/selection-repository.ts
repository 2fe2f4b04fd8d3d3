import { eq, getTableColumns, or, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { publicArticleCondition } from "../../db/public-articles";
import { articles, categories, users } from "../../db/schema";

/**
 * What every read of articles shares: the columns of a list row and of a whole article, and who
 * may see what. The article queries (repository.ts, rankings-, reader-actions- and
 * listings-repository.ts) build on these.
 *
 * Who may see what:
 * - "public": published, active, and publishedAt has come (a future date schedules an article);
 * - "any": everything (admin, editor);
 * - { publicOrAuthor }: public articles plus every article of that author (an author's own drafts).
 */
export type ArticleVisibility = "public" | "any" | { publicOrAuthor: number };

// Lists never carry the body or the search vectors: they are the heavy columns.
const {
  content,
  searchVector: _searchVector,
  searchSummaryVector: _searchSummaryVector,
  ...summaryColumns
} = getTableColumns(articles);
const referenceColumns = {
  category: {
    id: categories.id,
    name: categories.name,
    slug: categories.slug,
    color: categories.color,
  },
  author: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    avatar: users.avatarUrl,
  },
};
export const summarySelection = { ...summaryColumns, ...referenceColumns };
export const fullSelection = { ...summarySelection, content };

export function visibilityCondition(visibility: ArticleVisibility): SQL | undefined {
  if (visibility === "any") return undefined;
  if (visibility === "public") return publicArticleCondition();
  return or(publicArticleCondition(), eq(articles.authorId, visibility.publicOrAuthor));
}

/** Articles with their category and author, as list rows (or whole, with `fullSelection`). */
export const selectSummaries = (tx: Executor, selection = summarySelection) =>
  tx
    .select(selection)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .innerJoin(users, eq(users.id, articles.authorId));
