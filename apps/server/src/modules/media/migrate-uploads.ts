import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, type FileStorage, isStorageKey, listLocalKeys } from "./file-storage";

export interface MigrationEvent {
  key: string;
  outcome: "copied" | "already_there" | "would_copy" | "failed" | "not_a_storage_name";
  error?: string;
}

export interface MigrationSummary {
  total: number;
  copied: number;
  alreadyThere: number;
  failed: number;
  skippedNames: number;
}

/**
 * Copies every file under a local uploads folder into the file storage (the bucket), under the
 * same key, so the URLs already stored in articles and profiles (/uploads/<key>) keep working:
 * the server answers them from the bucket. A file already in the bucket with the same size is left
 * alone, so an interrupted run is simply started again and carries on. Local files are never
 * deleted: that is for the operator once the site serves from the bucket.
 */
export async function migrateLocalUploads(options: {
  uploadsDir: string;
  to: FileStorage;
  dryRun?: boolean;
  concurrency?: number;
  onFile?: (event: MigrationEvent, done: number, total: number) => void;
}): Promise<MigrationSummary> {
  const { uploadsDir, to, dryRun = false, concurrency = 4 } = options;
  const keys = await listLocalKeys(uploadsDir);
  const summary: MigrationSummary = {
    total: keys.length,
    copied: 0,
    alreadyThere: 0,
    failed: 0,
    skippedNames: 0,
  };
  let next = 0;
  let done = 0;
  const report = (event: MigrationEvent) => {
    done += 1;
    options.onFile?.(event, done, keys.length);
  };

  async function copyOne(key: string): Promise<MigrationEvent> {
    // A name we would never have written (spaces, dot files): leave it for a person to look at.
    if (!isStorageKey(key)) return { key, outcome: "not_a_storage_name" };
    const file = path.join(uploadsDir, ...key.split("/"));
    const { size } = await stat(file);
    if ((await to.sizeOf(key)) === size) return { key, outcome: "already_there" };
    if (dryRun) return { key, outcome: "would_copy" };
    await to.put(key, await readFile(file), { contentType: contentTypeOf(key) });
    return { key, outcome: "copied" };
  }

  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next];
      next += 1;
      let event: MigrationEvent;
      try {
        event = await copyOne(key);
      } catch (error) {
        const cause = (error as { cause?: { message?: string } }).cause?.message;
        event = {
          key,
          outcome: "failed",
          error: cause ? `${(error as Error).message} (${cause})` : (error as Error).message,
        };
      }
      if (event.outcome === "copied") summary.copied += 1;
      else if (event.outcome === "already_there") summary.alreadyThere += 1;
      else if (event.outcome === "failed") summary.failed += 1;
      else if (event.outcome === "not_a_storage_name") summary.skippedNames += 1;
      report(event);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return summary;
}
