import { coinPath, trackedCoinEntries } from "@aurumwire/shared/coins";
import { authorPath } from "@aurumwire/shared/slugs";
import { Feed } from "feed";
import { sanitizeArticleHtml } from "../../lib/article-html";
import type { PageCache } from "../../lib/page-cache/store";
import type { ArticleRecord } from "../articles/present";
import type { ArticleReads } from "../articles/reads-service";
import type { CategoriesService } from "../categories/service";
import type { FileStorage } from "../media/file-storage";
import type { PublicAuthorsReader } from "../public-site/authors-service";

/** Pages of the public site that are the same for everyone, for the sitemap. */
export const staticSitemapPaths = [
  "/",
  "/articles",
  "/markets",
  "/analysis",
  "/categories",
  "/trending",
  "/about",
  "/contact",
  "/careers",
  "/advertise",
  "/privacy",
  "/terms",
  "/cookies",
  "/disclaimer",
  "/sentiment",
  ...trackedCoinEntries.map((coin) => coinPath(coin)),
];

const feedSize = 50;
const newsSitemapWindowMs = 2 * 24 * 60 * 60 * 1000;

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * RSS leaves open whether a title or description is text or HTML, and many readers render HTML.
 * Text fields (titles, excerpts, names) are therefore sent HTML-escaped: a reader that renders
 * HTML shows the characters, never markup (issue 17: an author's `<script>` in a title ran in
 * feed readers). The `'` stays as it is; it is harmless in text and common in titles.
 */
export function escapeFeedText(text: string): string {
  return text.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A CDATA section ends at the first `]]>`; one inside the body is split so it cannot end it. */
function cdataSafe(html: string): string {
  return html.replaceAll("]]>", "]]]]><![CDATA[>");
}

/** Site paths (images, links) made absolute, for readers outside the site. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function absoluteLinksInHtml(siteUrl: string, html: string): string {
  return html.replace(/(\s(?:src|href))="\/(?!\/)/g, `$1="${siteUrl}/`);
}

function imageType(url: string): string {
  const extension = /\.(\w+)(?:\?|$)/.exec(url)?.[1]?.toLowerCase();
  if (extension === "png") return "image/png";
  if (extension === "webp") return "image/webp";
  if (extension === "gif") return "image/gif";
  if (extension === "svg") return "image/svg+xml";
  return "image/jpeg";
}

/** RSS, sitemaps and robots.txt, built from public articles only and cached like pages. */
export function createFeedsService(deps: {
  articles: ArticleReads;
  categories: CategoriesService;
  authors: PublicAuthorsReader;
  cache: PageCache;
  files: Pick<FileStorage, "keyOf" | "sizeOf">;
  site: { name: string; url: string };
}) {
  const { articles, categories, authors, cache, files, site } = deps;

  /**
   * RSS requires an enclosure's length in bytes: our own images have their stored size; an image
   * elsewhere has no size we know, so it is left out of the enclosure rather than sent as 0.
   */
  async function enclosureSizes(records: ArticleRecord[]): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    await Promise.all(
      records.map(async (record) => {
        const key = record.featuredImage ? files.keyOf(record.featuredImage) : null;
        if (!key || !record.featuredImage) return;
        const size = await files.sizeOf(key).catch(() => null);
        if (size) sizes.set(record.featuredImage, size);
      }),
    );
    return sizes;
  }

  async function toFeed(
    records: ArticleRecord[],
    meta: { title: string; description: string; path: string; feedPath: string },
  ): Promise<string> {
    const sizes = await enclosureSizes(records);
    const feed = new Feed({
      id: `${site.url}${meta.path}`,
      title: escapeFeedText(meta.title),
      description: escapeFeedText(meta.description),
      link: `${site.url}${meta.path}`,
      language: "en",
      ttl: 15,
      image: `${site.url}/logo.png`,
      favicon: `${site.url}/favicon.ico`,
      copyright: escapeFeedText(`© ${new Date().getUTCFullYear()} ${site.name}`),
      updated: records[0]?.publishedAt ?? new Date(0),
      generator: escapeFeedText(site.name),
      feedLinks: { rss: `${site.url}${meta.feedPath}` },
    });
    for (const record of records) {
      const link = `${site.url}/article/${record.slug}`;
      const length = record.featuredImage ? sizes.get(record.featuredImage) : undefined;
      const image =
        record.featuredImage && length ? absoluteUrl(site.url, record.featuredImage) : undefined;
      feed.addItem({
        title: escapeFeedText(record.title),
        id: link,
        guid: link,
        link,
        date: record.publishedAt ?? record.createdAt,
        published: record.publishedAt ?? undefined,
        description: escapeFeedText(record.excerpt),
        // The only HTML in the feed, and sanitized here too: rows written before the sanitizer,
        // or by a path that skipped it, never reach a reader as they are.
        content: cdataSafe(
          absoluteLinksInHtml(site.url, sanitizeArticleHtml(record.content ?? "")),
        ),
        author: [{ name: escapeFeedText(`${record.author.firstName} ${record.author.lastName}`) }],
        category: [
          ...(record.category ? [{ name: escapeFeedText(record.category.name) }] : []),
          ...record.tags.map((tag) => ({ name: escapeFeedText(tag) })),
        ],
        ...(image ? { enclosure: { url: image, type: imageType(image), length } } : {}),
      });
    }
    // RSS 2.0's <author> is an e-mail address; a byline without one is Dublin Core's creator
    // (the feed library writes the name into <author>, which validators and readers reject).
    return feed.rss2().replace(/<author>([^<]*)<\/author>/g, "<dc:creator>$1</dc:creator>");
  }

  return {
    /** The latest 50 published articles; of one category (and its subcategories) when given. */
    async rss(categorySlug?: string): Promise<string> {
      const category = categorySlug ? await categories.getBySlug(categorySlug) : null;
      return cache.memo(`rss:${categorySlug ?? ""}`, async () => {
        const ids = category ? await categories.idsForSlugs([category.slug]) : undefined;
        const records = await articles.latestWithContent(feedSize, ids);
        return category
          ? toFeed(records, {
              title: `${category.name} | ${site.name}`,
              description: category.description ?? `The latest ${category.name} articles.`,
              path: `/category/${category.slug}`,
              feedPath: `/category/${category.slug}/rss.xml`,
            })
          : toFeed(records, {
              title: site.name,
              description: "Premium Crypto Intelligence: crypto news, analysis and market data.",
              path: "/",
              feedPath: "/rss.xml",
            });
      });
    },

    /** Every public page and article, with lastmod. */
    async sitemap(): Promise<string> {
      return cache.memo("sitemap", async () => {
        const [entries, categoryList, authorList] = await Promise.all([
          articles.publicSitemapEntries(),
          categories.list(),
          authors.list(),
        ]);
        const newest = entries[0]?.updatedAt.toISOString();
        const urls = [
          ...staticSitemapPaths.map((path) => ({
            loc: `${site.url}${path}`,
            lastmod: path === "/" ? newest : undefined,
          })),
          ...categoryList.map((category) => ({
            loc: `${site.url}/category/${category.slug}`,
            lastmod: undefined,
          })),
          ...authorList.map((author) => ({
            loc: `${site.url}${authorPath(author)}`,
            lastmod: undefined,
          })),
          ...entries.map((entry) => ({
            loc: `${site.url}/article/${entry.slug}`,
            lastmod: entry.updatedAt.toISOString(),
          })),
        ];
        const body = urls
          .map(
            (url) =>
              `<url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ""}</url>`,
          )
          .join("\n");
        return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
      });
    },

    /** Google News sitemap: the articles of the last two days. */
    async newsSitemap(): Promise<string> {
      return cache.memo("news-sitemap", async () => {
        const entries = await articles.publicSitemapEntries(
          new Date(Date.now() - newsSitemapWindowMs),
        );
        const body = entries
          .map(
            (entry) =>
              `<url><loc>${escapeXml(`${site.url}/article/${entry.slug}`)}</loc><news:news><news:publication><news:name>${escapeXml(site.name)}</news:name><news:language>en</news:language></news:publication><news:publication_date>${(entry.publishedAt ?? entry.updatedAt).toISOString()}</news:publication_date><news:title>${escapeXml(entry.title)}</news:title></news:news></url>`,
          )
          .join("\n");
        return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n${body}\n</urlset>\n`;
      });
    },

    robots(): string {
      return [
        "User-agent: *",
        "Allow: /",
        "Disallow: /dashboard",
        "Disallow: /api/",
        "Disallow: /profile",
        "Disallow: /preview",
        "",
        `Sitemap: ${site.url}/sitemap.xml`,
        `Sitemap: ${site.url}/news-sitemap.xml`,
        "",
      ].join("\n");
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
