import { randomUUID } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ProcessedVariant } from "./image-processing";

export type StoredVariant = { width: number; height: number; url: string };

/**
 * Uploaded files on local disk under DATA_DIR/uploads, served at /uploads/. Writes all variants of
 * one image or none: if any write fails, the ones already written are removed again.
 */
export function createUploadStorage(uploadsDir: string) {
  return {
    async saveVariants(folder: string, variants: ProcessedVariant[]): Promise<StoredVariant[]> {
      const now = new Date();
      const relativeDir = path.posix.join(
        folder,
        String(now.getUTCFullYear()),
        String(now.getUTCMonth() + 1).padStart(2, "0"),
      );
      const directory = path.join(uploadsDir, relativeDir);
      const id = randomUUID();
      const written: string[] = [];
      try {
        await mkdir(directory, { recursive: true });
        const stored: StoredVariant[] = [];
        for (const variant of variants) {
          const name = `${id}-${variant.width}.${variant.extension}`;
          const file = path.join(directory, name);
          await writeFile(file, variant.data, { flag: "wx" });
          written.push(file);
          stored.push({
            width: variant.width,
            height: variant.height,
            url: `/uploads/${relativeDir}/${name}`,
          });
        }
        return stored;
      } catch (error) {
        await Promise.all(written.map((file) => unlink(file).catch(() => {})));
        throw error;
      }
    },
  };
}

export type UploadStorage = ReturnType<typeof createUploadStorage>;
