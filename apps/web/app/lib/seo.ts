import type { Article } from "@aurumwire/shared/articles";
import type { MetaDescriptor } from "react-router";

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** Site name and public URL from the root loader, for meta functions. */
export function siteFrom(matches: readonly MatchWithData[]): {
  siteName: string;
  publicUrl: string;
} {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { siteName?: string; publicUrl?: string }
    | undefined;
  return {
    siteName: root?.siteName ?? "AurumWire",
    publicUrl: (root?.publicUrl ?? "").replace(/\/$/, ""),
  };
}

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Text for a meta description: one line, at most 160 characters. */
export function descriptionText(text: string, max = 160): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags of one page. og:image is
 * always absolute; the default is the site's share image.
 */
export function seoMeta(options: {
  matches: readonly MatchWithData[];
  /** Page title without the site name; null for the home page. */
  title: string | null;
  description: string;
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noIndex?: boolean;
  extra?: MetaDescriptor[];
}): MetaDescriptor[] {
  const { siteName, publicUrl } = siteFrom(options.matches);
  const fullTitle = options.title
    ? `${options.title} | ${siteName}`
    : `${siteName} - Premium Crypto Intelligence`;
  const url = absoluteUrl(publicUrl, options.path);
  const image = absoluteUrl(publicUrl, options.image || "/share-image.png");
  const description = descriptionText(options.description);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: options.title ?? fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: options.title ?? fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(options.noIndex ? [{ name: "robots", content: "noindex" }] : []),
    ...(options.extra ?? []),
  ];
}

/** BreadcrumbList JSON-LD for pages with a breadcrumb. */
export function breadcrumbJsonLd(
  publicUrl: string,
  items: Array<{ name: string; path: string }>,
): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: items.map((item, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: item.name,
        item: absoluteUrl(publicUrl, item.path),
      })),
    },
  };
}

/** NewsArticle JSON-LD: headline, image, dates, author and publisher with logo. */
export function newsArticleJsonLd(
  site: { siteName: string; publicUrl: string },
  article: Article,
): MetaDescriptor {
  const url = absoluteUrl(site.publicUrl, `/article/${article.slug}`);
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      headline: article.title.slice(0, 110),
      description: article.excerpt,
      image: [absoluteUrl(site.publicUrl, article.featuredImage || "/share-image.png")],
      datePublished: article.publishedAt ?? article.createdAt,
      dateModified: article.updatedAt,
      author: [
        {
          "@type": "Person",
          name: `${article.author.firstName} ${article.author.lastName}`.trim(),
        },
      ],
      publisher: {
        "@type": "Organization",
        name: site.siteName,
        logo: { "@type": "ImageObject", url: absoluteUrl(site.publicUrl, "/logo.png") },
      },
      articleSection: article.category?.name,
      keywords: article.tags.join(", "),
      isAccessibleForFree: !article.isPremium,
    },
  };
}
