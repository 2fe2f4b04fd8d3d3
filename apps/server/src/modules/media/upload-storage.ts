import { randomUUID } from "node:crypto";
import { contentTypeOf, type FileStorage } from "./file-storage";
import type { ProcessedVariant } from "./image-processing";

export type StoredVariant = { width: number; height: number; url: string };

/**
 * Processed images (every width of one picture) in the file storage: local disk under
 * DATA_DIR/uploads or the S3 bucket (./file-storage.ts). Writes all variants of one image or none:
 * if any write fails, the ones already written are removed again.
 */
export function createUploadStorage(files: FileStorage) {
  return {
    async saveVariants(folder: string, variants: ProcessedVariant[]): Promise<StoredVariant[]> {
      const now = new Date();
      const relativeDir = [
        folder,
        String(now.getUTCFullYear()),
        String(now.getUTCMonth() + 1).padStart(2, "0"),
      ].join("/");
      const id = randomUUID();
      const written: string[] = [];
      try {
        const stored: StoredVariant[] = [];
        for (const variant of variants) {
          const key = `${relativeDir}/${id}-${variant.width}.${variant.extension}`;
          const url = await files.put(key, variant.data, {
            contentType: contentTypeOf(key),
            exclusive: true,
          });
          written.push(key);
          stored.push({ width: variant.width, height: variant.height, url });
        }
        return stored;
      } catch (error) {
        await Promise.all(written.map((key) => files.remove(key).catch(() => {})));
        throw error;
      }
    },
  };
}

export type UploadStorage = ReturnType<typeof createUploadStorage>;
