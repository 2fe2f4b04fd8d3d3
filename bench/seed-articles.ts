import { readingTimeMinutes } from "@aurumwire/shared/articles";
import { slugify } from "@aurumwire/shared/slugs";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { articles, categories, type NewArticleRow, users } from "../apps/server/src/db/schema";
import { seedDemoContent } from "../apps/server/src/db/seed";
import { demoArticles } from "../apps/server/src/db/seed/demo-articles";
import { sanitizeArticleHtml } from "../apps/server/src/lib/article-html";

const angles = [
  "Weekly Briefing",
  "Desk Notes",
  "Explainer Update",
  "Reader Questions",
  "Market Memo",
  "Deep Dive",
  "Field Report",
  "Quick Take",
];

/**
 * A bench database: the demo content, then generated articles up to `total`, built from the demo
 * articles' bodies with distinct titles, slugs, tags and dates spread over two years.
 */
export async function seedBenchDatabase(
  dataDir: string,
  total: number,
  /** A PostgreSQL database (the two-instance scenario); else the embedded one in dataDir. */
  databaseUrl?: string,
): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await seedDemoContent(database.db, { dataDir, siteName: "AurumWire" });
    const categoryRows = await database.db.select().from(categories);
    const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));
    const authorIds = (await database.db.select({ id: users.id }).from(users)).map((row) => row.id);
    const existing = await database.db.$count(articles);
    const templates = demoArticles
      .filter((article) => article.status !== "draft" && article.hoursAgo >= 0)
      .map((article) => ({ ...article, content: sanitizeArticleHtml(article.body) }));
    const now = Date.now();
    const batch: NewArticleRow[] = [];
    for (let index = existing; index < total; index += 1) {
      const template = templates[index % templates.length];
      const title = `${template.title}: ${angles[index % angles.length]} ${index}`;
      const publishedAt = new Date(now - (3 + ((index * 7919) % 17_000)) * 3_600_000);
      batch.push({
        slug: `${slugify(title)}-${index}`,
        title,
        excerpt: template.excerpt,
        content: template.content,
        featuredImage: null,
        categoryId: categoryIds.get(template.category) ?? null,
        authorId: authorIds[index % authorIds.length],
        tags: [...template.tags, angles[index % angles.length].toLowerCase().replace(/ /g, "-")],
        status: "published",
        publishedAt,
        isFeatured: index % 97 === 0,
        isPremium: index % 31 === 0,
        readingTime: readingTimeMinutes(template.content),
        createdAt: publishedAt,
        updatedAt: publishedAt,
      });
      if (batch.length === 500 || index === total - 1) {
        await database.db.insert(articles).values(batch);
        batch.length = 0;
        process.stdout.write(`\r  seeded ${index + 1} of ${total} articles`);
      }
    }
    process.stdout.write("\n");
  } finally {
    await database.close();
  }
  await scoreAndAnalyse(dataDir, databaseUrl);
}

/**
 * Scores every article's sentiment with the server's own code, as its sentiment job does on its
 * first run (decision 192), then brings the planner statistics and visibility map up to date, as
 * its maintenance job does. Left to the server, that backfill ran for minutes inside the bench's
 * first scenarios (decision 245): a fresh bench database measured its cached home at a p99 of
 * 43 ms, the same database once scored at 11 ms (decision 036, "Stop 47").
 */
async function scoreAndAnalyse(dataDir: string, databaseUrl: string | undefined) {
  const config = loadConfig({ LOG_LEVEL: "silent" }, { dataDir, databaseUrl });
  const app = await buildApp(config, { web: "none", logger: false });
  try {
    const started = Date.now();
    const { articles: scored } = await app.services.sentiment.refresh();
    console.log(
      `  scored the sentiment of ${scored} articles in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await app.database.vacuumAnalyze();
  } finally {
    await app.close();
  }
}
