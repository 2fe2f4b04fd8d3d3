import path from "node:path";
import type { FileStorage } from "../media/file-storage";
import type { PartnerArticle, PartnerImage } from "./adapters";

/**
 * Our article as partners get it (issue 28, points 3 and 9): every src, srcset, href and poster
 * made absolute with PUBLIC_URL (a relative /uploads/... address 404s on the partner), each body
 * image listed once with its alt text and caption so an adapter can upload it to the partner's
 * media, and the author named.
 */

export interface ArticleForPartner {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  featuredImage: string | null;
  tags: string[];
  publishedAt: Date | null;
  updatedAt: Date;
  category: string | null;
  categorySlug: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorEmail: string | null;
}

const attributePattern = /\s(src|href|poster|srcset)\s*=\s*"([^"]*)"/gi;

/** `/uploads/a.webp` -> `https://site/uploads/a.webp`; other addresses unchanged. */
export function absoluteUrl(value: string, publicUrl: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith("//")) return `https:${trimmed}`;
  if (trimmed.startsWith("/")) return `${publicUrl}${trimmed}`;
  return trimmed;
}

/** The body with every src, href, poster and srcset candidate absolute. */
export function absoluteHtml(html: string, publicUrl: string): string {
  return html.replace(attributePattern, (_whole, name: string, value: string) => {
    if (name.toLowerCase() === "srcset") {
      const candidates = value
        .split(",")
        .map((candidate) => candidate.trim())
        .filter(Boolean)
        .map((candidate) => {
          const [address, ...descriptor] = candidate.split(/\s+/);
          return [absoluteUrl(address, publicUrl), ...descriptor].join(" ");
        });
      return ` ${name}="${candidates.join(", ")}"`;
    }
    return ` ${name}="${absoluteUrl(value, publicUrl)}"`;
  });
}

function decodeEntities(value: string): string {
  return value
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();
}

/** Each <img> of the (absolute) body once, with its alt and its figure's caption. */
export function bodyImages(html: string): Array<{ src: string; alt: string; caption: string }> {
  const found = new Map<string, { src: string; alt: string; caption: string }>();
  const figures = [...html.matchAll(/<figure\b[\s\S]*?<\/figure>/gi)].map((match) => match[0]);
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = match[0].match(/\bsrc\s*=\s*"([^"]*)"/i)?.[1];
    if (!src || found.has(src) || src.startsWith("data:")) continue;
    const alt = decodeEntities(match[0].match(/\balt\s*=\s*"([^"]*)"/i)?.[1] ?? "");
    const figure = figures.find((candidate) => candidate.includes(match[0]));
    const caption = decodeEntities(
      figure?.match(/<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/i)?.[1] ?? "",
    );
    found.set(src, { src, alt, caption });
  }
  return [...found.values()];
}

export function toPartnerArticle(
  article: ArticleForPartner,
  deps: { publicUrl: string; siteName: string; files: FileStorage },
): PartnerArticle {
  const image = (src: string, alt: string, caption: string): PartnerImage => {
    const absolute = absoluteUrl(src, deps.publicUrl);
    // Only our own uploads are copied to the partner; other addresses stay as they are.
    const ours = absolute.startsWith(`${deps.publicUrl}/`)
      ? absolute.slice(deps.publicUrl.length)
      : null;
    const key = ours ? deps.files.keyOf(ours) : null;
    return {
      src,
      absoluteUrl: absolute,
      key: key ?? absolute,
      alt,
      caption,
      load: async () => {
        if (!key) return null;
        const stored = await deps.files.get(key).catch(() => null);
        if (!stored) return null;
        const bytes = Buffer.concat(await stored.body.toArray());
        return { bytes, filename: path.basename(key), contentType: stored.contentType };
      },
    };
  };
  const html = absoluteHtml(article.content, deps.publicUrl);
  const byline = [article.authorFirstName, article.authorLastName].filter(Boolean).join(" ");
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    html,
    byline,
    authorEmail: article.authorEmail,
    category:
      article.category && article.categorySlug
        ? { name: article.category, slug: article.categorySlug }
        : null,
    tags: article.tags,
    publishedAt: article.publishedAt,
    updatedAt: article.updatedAt,
    canonicalUrl: `${deps.publicUrl}/article/${article.slug}`,
    cover: article.featuredImage
      ? image(article.featuredImage, article.title, `Image: ${deps.siteName}`)
      : null,
    bodyImages: bodyImages(html).map((found) => image(found.src, found.alt, found.caption)),
  };
}
