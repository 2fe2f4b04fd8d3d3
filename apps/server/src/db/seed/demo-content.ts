import path from "node:path";
import { readingTimeMinutes } from "@aurumwire/shared/articles";
import { slugify } from "@aurumwire/shared/slugs";
import { eq, inArray } from "drizzle-orm";
import { sanitizeArticleHtml } from "../../lib/article-html";
import { saveBrandedCover } from "../../modules/media/branded-cover";
import { createLocalFileStorage, type FileStorage } from "../../modules/media/file-storage";
import type { Database } from "../client";
import { articles, categories, users } from "../schema";
import { demoArticles } from "./demo-articles";
import { demoCategories } from "./demo-categories";
import { demoUsers } from "./demo-users";

export async function seedDemoCategories(db: Database): Promise<void> {
  for (const [index, category] of demoCategories.entries()) {
    let parentId: number | null = null;
    if (category.parent) {
      const [parent] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.slug, category.parent));
      parentId = parent?.id ?? null;
    }
    await db
      .insert(categories)
      .values({
        name: category.name,
        slug: category.slug,
        color: category.color,
        description: category.description,
        parentId,
        sortOrder: index,
      })
      .onConflictDoNothing();
  }
}

/** Runs `work` over `items` with at most `limit` at a time (cover drawing is CPU-bound). */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The demo articles, written for AurumWire, with branded covers drawn locally into
 * the file storage (DATA_DIR/uploads/covers or the bucket). Their view and like counts start at zero: they count real readers only.
 */
export async function seedDemoArticles(
  db: Database,
  options: { dataDir: string; siteName: string; files?: FileStorage },
): Promise<void> {
  const files = options.files ?? createLocalFileStorage(path.join(options.dataDir, "uploads"));
  const categoryRows = await db.select().from(categories);
  const categoryBySlug = new Map(categoryRows.map((row) => [row.slug, row]));
  const authorRows = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(
      inArray(
        users.email,
        demoUsers.map((user) => user.email),
      ),
    );
  const fallbackAuthor = authorRows.find((row) => row.role === "admin") ?? authorRows[0];
  if (!fallbackAuthor) return; // no demo accounts to sign the articles with
  const authorFor = (role: string) => authorRows.find((row) => row.role === role) ?? fallbackAuthor;

  const now = Date.now();
  const covers = new Map<string, string>();
  await eachLimited([...demoArticles], 4, async (article) => {
    const category = categoryBySlug.get(article.category);
    const url = await saveBrandedCover(files, slugify(article.title), {
      title: article.title,
      label: category?.name ?? "News",
      color: category?.color ?? "#FFD700",
      siteName: options.siteName,
    });
    covers.set(article.title, url);
  });

  for (const article of demoArticles) {
    const content = sanitizeArticleHtml(article.body);
    const publishedAt =
      article.status === "draft" ? null : new Date(now - article.hoursAgo * 60 * 60 * 1000);
    const createdAt = new Date(now - Math.max(article.hoursAgo, 0) * 60 * 60 * 1000 - 3_600_000);
    await db
      .insert(articles)
      .values({
        slug: slugify(article.title),
        title: article.title,
        excerpt: article.excerpt,
        content,
        featuredImage: covers.get(article.title) ?? null,
        categoryId: categoryBySlug.get(article.category)?.id ?? null,
        authorId: authorFor(article.author).id,
        tags: article.tags,
        status: article.status ?? "published",
        publishedAt,
        isFeatured: article.featured ?? false,
        isPremium: article.premium ?? false,
        metaDescription: article.excerpt.length <= 160 ? article.excerpt : null,
        readingTime: readingTimeMinutes(content),
        createdAt,
        updatedAt: publishedAt ?? createdAt,
      })
      .onConflictDoNothing();
  }
}
