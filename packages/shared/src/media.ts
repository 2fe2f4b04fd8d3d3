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

// The stored widths and their srcset live in a module without zod: public pages use them and
// load no zod (decision 150).
export { imageVariantWidths, storedImageSrcSet } from "./image-widths";
