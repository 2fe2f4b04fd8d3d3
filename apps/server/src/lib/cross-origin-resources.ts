/**
 * What other sites may embed or fetch without CORS: images (uploads, covers, logo, favicon, share
 * image) and the feeds. Feed readers show our covers on their own pages and social sites load the
 * share image, so these answer `Cross-Origin-Resource-Policy: cross-origin`; pages and the API
 * keep helmet's same-origin.
 */
const crossOriginPaths =
  /^\/(uploads\/.+|assets\/.+\.(png|jpe?g|svg|webp|gif|ico|woff2?)|[^/]+\.(png|jpe?g|svg|webp|gif|ico)|rss\.xml|category\/[^/]+\/rss\.xml|sitemap\.xml|news-sitemap\.xml|robots\.txt)$/i;

export function isCrossOriginResource(pathname: string): boolean {
  return crossOriginPaths.test(pathname);
}
