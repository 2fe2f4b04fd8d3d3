/** Image widths and srcsets of stored images: no zod here, public pages import it. */

/** The widths every cover is stored in (`<name>-<width>.jpg` side by side), smallest first. */
export const imageVariantWidths = [400, 800, 1200] as const;

const storedVariantPattern = /^(\/uploads\/[^?#]+)-(\d{2,4})\.(jpg|png)$/;

/**
 * The srcset of an image we stored: `/uploads/.../<name>-1200.jpg` has its smaller widths beside
 * it (`-400`, `-800`), the same naming `saveVariants` and the branded covers use. Images from
 * elsewhere, and ours from before the widths existed, answer null and keep their single src.
 */
export function storedImageSrcSet(url: string): string | null {
  const match = storedVariantPattern.exec(url);
  if (!match) return null;
  const [, stem, widthText, extension] = match;
  const width = Number(widthText);
  // Uploads (uuid names) keep an inline picture's own width; elsewhere (covers named after their
  // title) only a width we make counts, so a title ending in a year is not taken for one.
  const isUpload = stem.startsWith("/uploads/articles/");
  if (!isUpload && !(imageVariantWidths as readonly number[]).includes(width)) return null;
  const smaller = imageVariantWidths.filter((variant) => variant < width);
  if (smaller.length === 0) return null;
  return [...smaller, width]
    .map((variant) => `${stem}-${variant}.${extension} ${variant}w`)
    .join(", ");
}

/** The share image every page without its own uses (apps/web/public/share-image.png). */
export const shareImageSize = { width: 1200, height: 630 } as const;

/**
 * The pixel size of an image whose size its URL tells: the site's share image, and the branded
 * covers the server draws (`/uploads/covers/<name>-<width>.jpg`, always 2:1). Null for any other
 * image: a page states no size it does not know.
 */
export function knownImageSize(url: string): { width: number; height: number } | null {
  const path = url.replace(/^https?:\/\/[^/]+/i, "");
  if (path === "/share-image.png") return shareImageSize;
  const match = /^\/uploads\/covers\/[^?#]+-(\d{3,4})\.jpg$/.exec(path);
  const width = Number(match?.[1]);
  if (!(imageVariantWidths as readonly number[]).includes(width)) return null;
  return { width, height: width / 2 };
}

/** The shapes search engines ask of an article's image (Google: 16:9, 4:3 and 1:1). */
export const imageCropRatios = ["16x9", "4x3", "1x1"] as const;
export type ImageCropRatio = (typeof imageCropRatios)[number];

const cropSourcePattern = /^\/uploads\/((?!crops\/)[^?#]+\.(?:jpe?g|png|webp))$/i;

/**
 * An image we stored, cropped to each of `imageCropRatios` (`/uploads/crops/<ratio>/<key>`, made
 * by the server on the first request and stored beside the original). Null for an image from
 * elsewhere: only our own files can be cropped.
 */
export function imageCropUrls(url: string): string[] | null {
  const key = cropSourcePattern.exec(url)?.[1];
  return key ? imageCropRatios.map((ratio) => `/uploads/crops/${ratio}/${key}`) : null;
}
