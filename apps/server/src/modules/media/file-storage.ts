import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError } from "../../errors";

/**
 * Where uploaded and generated files live (article images, avatars, covers, AI images): local disk
 * under DATA_DIR/uploads (the default) or an S3-compatible bucket (STORAGE=s3, ./s3-storage.ts).
 * Every writer goes through this interface; a file is named by its key (`articles/2026/11/x.jpg`)
 * and reached by readers at `/uploads/<key>` or, with S3_PUBLIC_URL, at `<public URL>/<key>`.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Stores `data` under `key` and answers the URL readers use. `exclusive`: never overwrite. */
  put(key: string, data: Buffer, options: PutOptions): Promise<string>;
  /** Removes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The stored file, for serving it or copying it; null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The size of the stored file, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
  /** The URL readers use for a key. */
  urlFor(key: string): string;
  /** The key behind one of our URLs (either form), or null for any other URL. */
  keyOf(url: string): string | null;
  close(): Promise<void>;
}

export interface PutOptions {
  contentType: string;
  exclusive?: boolean;
}

export interface StoredFile {
  body: Readable;
  contentType: string;
  size?: number;
  etag?: string;
  lastModified?: Date;
}

/** Keys are paths of plain names: no "..", no leading "/", nothing a shell or URL must escape. */
const keyPattern = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && keyPattern.test(key) && !key.split("/").includes("..");
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

const contentTypes: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

/** The content type of a stored file, from its extension (we name every file we write). */
export function contentTypeOf(key: string): string {
  return contentTypes[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
}

/** The answer when the bucket cannot be reached or refuses: nothing was stored. */
export function storageUnavailable(cause?: unknown): AppError {
  const error = new AppError(
    503,
    "storage_unavailable",
    "The file could not be stored because the file storage is not reachable. Please try again in a moment.",
    undefined,
    5,
  );
  error.cause = cause;
  return error;
}

/** `/uploads/<key>` for any storage: the path the server itself answers. */
export function uploadsPathKey(url: string): string | null {
  const match = /^\/uploads\/(.+)$/.exec(url);
  return match && isStorageKey(match[1]) ? match[1] : null;
}

/** Files under DATA_DIR/uploads, served by the server at /uploads/. */
export function createLocalFileStorage(uploadsDir: string): FileStorage & { root: string } {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(uploadsDir, ...key.split("/"));
  };
  return {
    kind: "local",
    root: uploadsDir,
    async put(key, data, options) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: options.exclusive ? "wx" : "w" });
      return `/uploads/${key}`;
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(file),
        contentType: contentTypeOf(key),
        size: info.size,
        lastModified: info.mtime,
      };
    },
    async sizeOf(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    urlFor: (key) => `/uploads/${key}`,
    keyOf: uploadsPathKey,
    async close() {},
  };
}

/** Every key under a local uploads folder, for the migration to a bucket. */
export async function listLocalKeys(uploadsDir: string): Promise<string[]> {
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(uploadsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .sort();
}
