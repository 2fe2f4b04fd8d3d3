import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import { articles } from "./schema";

/**
 * Articles readers can read at `until` (by default the database's now): published, active, and
 * their publication moment has come (a future date schedules an article). The articles module's
 * reads and the partners' recommendations (only what readers can already read) share this rule.
 */
export function publicArticleCondition(until: Date | SQL = sql`now()`): SQL {
  return and(
    eq(articles.status, "published"),
    eq(articles.isActive, true),
    lte(articles.publishedAt, until),
  )!;
}
