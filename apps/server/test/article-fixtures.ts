import { readingTimeMinutes } from "@aurumwire/shared/articles";
import { slugify } from "@aurumwire/shared/slugs";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type ArticleRow, articles, categories, type NewArticleRow, users } from "../src/db/schema";
import { sanitizeArticleHtml } from "../src/lib/article-html";

/**
 * Articles inserted so far, per app: the first article of each app's database is number 1, as
 * its slug suffix and its place in time say, whatever test files ran before in the same worker
 * (decision 178).
 */
const insertedPerApp = new WeakMap<FastifyInstance, number>();

/** The id of a demo account, to sign test articles with. */
export async function userId(app: FastifyInstance, email: string): Promise<number> {
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function insertCategory(
  app: FastifyInstance,
  values: {
    name: string;
    slug: string;
    parentId?: number | null;
    isActive?: boolean;
    color?: string;
  },
) {
  const [row] = await app.database.db.insert(categories).values(values).returning();
  app.services.pageCache.invalidate();
  return row;
}

/**
 * Inserts an article the way the write side stores one (sanitized body, reading time), then
 * invalidates the public cache as every write does.
 */
export async function insertArticle(
  app: FastifyInstance,
  values: Partial<NewArticleRow> & { title?: string; authorId: number },
): Promise<ArticleRow> {
  const counter = (insertedPerApp.get(app) ?? 0) + 1;
  insertedPerApp.set(app, counter);
  const title = values.title ?? `Test article number ${counter} about markets`;
  const content = sanitizeArticleHtml(
    values.content ?? `<p>Body of ${title}. ${"Plain words for the reading time. ".repeat(10)}</p>`,
  );
  const [row] = await app.database.db
    .insert(articles)
    .values({
      slug: `${slugify(title)}-${counter}`,
      excerpt: `Excerpt of ${title}, long enough to read as a summary for the list.`,
      status: "published",
      publishedAt: new Date(Date.now() - counter * 60_000),
      readingTime: readingTimeMinutes(content),
      ...values,
      title,
      content,
    })
    .returning();
  app.services.pageCache.invalidate();
  return row;
}
