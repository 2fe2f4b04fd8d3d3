import type { UploadResponse } from "@aurumwire/shared/media";
import { drawBrandedCover } from "./branded-cover";
import { processImage, type UploadPurpose } from "./image-processing";
import type { UploadStorage } from "./upload-storage";

/** Article images: check, re-encode, store, and answer the URLs for src and srcset. */
export function createMediaService(deps: { storage: UploadStorage }) {
  const { storage } = deps;
  return {
    /** A cover drawn from the title, category and site name (JPEG bytes), for AI images' fallback. */
    drawBrandedCover,

    async uploadArticleImage(bytes: Buffer, purpose: UploadPurpose): Promise<UploadResponse> {
      const variants = await processImage(bytes, purpose);
      const stored = await storage.saveVariants("articles", variants);
      const largest = stored[stored.length - 1];
      return {
        url: largest.url,
        width: largest.width,
        height: largest.height,
        variants: stored,
        srcset: stored.map((variant) => `${variant.url} ${variant.width}w`).join(", "),
      };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
