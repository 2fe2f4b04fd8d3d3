import type { Article } from "@aurumwire/shared/articles";
import { imageCropUrls, knownImageSize } from "@aurumwire/shared/image-widths";
import { authorPath } from "@aurumwire/shared/slugs";
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
  type?: "website" | "article" | "profile";
  noIndex?: boolean;
  extra?: MetaDescriptor[];
  /** The page of a paged list: past the first, its own canonical URL and "Page N" in the title. */
  page?: number;
}): MetaDescriptor[] {
  const { siteName, publicUrl } = siteFrom(options.matches);
  const page = options.page && options.page > 1 ? options.page : null;
  const title = page && options.title ? `${options.title} - Page ${page}` : options.title;
  const fullTitle = title ? `${title} | ${siteName}` : `${siteName} - Premium Crypto Intelligence`;
  const path = page
    ? `${options.path}${options.path.includes("?") ? "&" : "?"}page=${page}`
    : options.path;
  const url = absoluteUrl(publicUrl, path);
  const image = absoluteUrl(publicUrl, options.image || "/share-image.png");
  const imageSize = knownImageSize(options.image || "/share-image.png");
  const description = descriptionText(options.description);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: title ?? fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(imageSize
      ? [
          { property: "og:image:width", content: String(imageSize.width) },
          { property: "og:image:height", content: String(imageSize.height) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title ?? fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    // Search engines may show large image previews of pages they index (Google Discover needs it).
    { name: "robots", content: options.noIndex ? "noindex" : "max-image-preview:large" },
    ...(options.extra ?? []),
  ];
}

/**
 * The meta of a tabbed section page (Markets, Analysis): a tab past the first has its own
 * canonical address, and a page past the first its number in the title.
 */
export function sectionPageMeta(
  matches: readonly MatchWithData[],
  data: { tab: string; list: { pagination: { page: number } } } | undefined,
  page: { title: string; description: string; path: string },
): MetaDescriptor[] {
  return seoMeta({
    matches,
    title: page.title,
    description: page.description,
    path: data && data.tab !== "all" ? `${page.path}?tab=${data.tab}` : page.path,
    page: data?.list.pagination.page,
  });
}

/** The <link rel="alternate"> that tells browsers and feed readers where a page's RSS is. */
export function rssAlternate(
  publicUrl: string,
  title: string,
  feedPath = "/rss.xml",
): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title,
    href: absoluteUrl(publicUrl, feedPath),
  };
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

/** The site's profiles elsewhere (Site Settings' social links) are its `sameAs`. */
type SiteIdentity = { siteName: string; publicUrl: string; socialLinks?: readonly string[] };

function organization(site: SiteIdentity) {
  return {
    "@type": "Organization",
    name: site.siteName,
    url: absoluteUrl(site.publicUrl, "/"),
    logo: { "@type": "ImageObject", url: absoluteUrl(site.publicUrl, "/logo.png") },
    ...(site.socialLinks?.length ? { sameAs: [...site.socialLinks] } : {}),
  };
}

/**
 * An article's images for search engines: a picture we stored in the 16:9, 4:3 and 1:1 shapes
 * they ask for (decision 212); any other picture, or the share image, as it is.
 */
export function articleImages(publicUrl: string, featuredImage: string | null): string[] {
  const image = featuredImage || "/share-image.png";
  return (imageCropUrls(image) ?? [image]).map((url) => absoluteUrl(publicUrl, url));
}

/** The home page's Organization and WebSite (with the site search) JSON-LD. */
export function siteJsonLd(site: SiteIdentity): MetaDescriptor[] {
  return [
    { "script:ld+json": { "@context": "https://schema.org", ...organization(site) } },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: site.siteName,
        url: absoluteUrl(site.publicUrl, "/"),
        potentialAction: {
          "@type": "SearchAction",
          target: {
            "@type": "EntryPoint",
            urlTemplate: `${absoluteUrl(site.publicUrl, "/search")}?q={search_term_string}`,
          },
          "query-input": "required name=search_term_string",
        },
      },
    },
  ];
}

/** NewsArticle JSON-LD: headline, image, dates, author and publisher with logo. */
export function newsArticleJsonLd(site: SiteIdentity, article: Article): MetaDescriptor {
  const url = absoluteUrl(site.publicUrl, `/article/${article.slug}`);
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      headline: article.title.slice(0, 110),
      description: article.excerpt,
      image: articleImages(site.publicUrl, article.featuredImage),
      datePublished: article.publishedAt ?? article.createdAt,
      dateModified: article.updatedAt,
      author: [
        {
          "@type": "Person",
          name: `${article.author.firstName} ${article.author.lastName}`.trim(),
          url: absoluteUrl(site.publicUrl, authorPath(article.author)),
        },
      ],
      publisher: organization(site),
      articleSection: article.category?.name,
      keywords: article.tags.join(", "),
      // Premium marks the desk's best work; its full text is served to every reader, so claiming
      // otherwise (false plus a paywall section) would tell search engines something untrue.
      isAccessibleForFree: true,
    },
  };
}
