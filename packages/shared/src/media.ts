import { z } from "zod";
import { limits } from "./limits";

/** Image types the featured-image picker and the upload endpoint accept (spec point 5). */
export const acceptedImageTypes = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/gif": [".gif"],
  "image/webp": [".webp"],
} as const;

export const featuredImageMaxBytes = limits.featuredImageMaxBytes;

/**
 * `cover` (the default) crops to the 1200x600 featured-image frame; `inline` keeps the aspect
 * ratio for pictures placed inside the article body.
 */
export const uploadQuerySchema = z.object({
  purpose: z.enum(["cover", "inline"]).default("cover"),
});

export const imageVariantSchema = z.object({
  width: z.number(),
  height: z.number(),
  url: z.string(),
});

export const uploadResponseSchema = z.object({
  /** The largest variant: what goes into featuredImage or the editor. */
  url: z.string(),
  width: z.number(),
  height: z.number(),
  /** Every stored width, smallest first, for srcset. */
  variants: z.array(imageVariantSchema),
  srcset: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

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
