/**
 * `npm run uploads:migrate [-- --dry-run] [-- --from <folder>]`: copies DATA_DIR/uploads into the
 * S3 bucket of STORAGE=s3 (same variables as the server). Run it once before (or after) switching
 * the instances to STORAGE=s3; running it again copies only what is missing.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config";
import { migrateLocalUploads } from "../modules/media/migrate-uploads";
import { createS3FileStorage } from "../modules/media/s3-storage";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { "dry-run": { type: "boolean", default: false }, from: { type: "string" } },
  });
  // The command signs no tokens: a placeholder keeps loadConfig from creating DATA_DIR/jwt-secret.
  const config = loadConfig(process.env, { jwtSecret: "x".repeat(32) });
  if (!config.s3) {
    console.error(
      "Set STORAGE=s3 and the S3_* variables (at least S3_BUCKET) to the bucket the uploads should move to.",
    );
    return 2;
  }
  const uploadsDir = path.resolve(values.from ?? path.join(config.dataDir, "uploads"));
  const storage = await createS3FileStorage(config.s3);
  const dryRun = values["dry-run"] ?? false;
  console.log(
    `${dryRun ? "Checking" : "Copying"} ${uploadsDir} into bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ""}`,
  );
  try {
    const summary = await migrateLocalUploads({
      uploadsDir,
      to: storage,
      dryRun,
      onFile: (event, done, total) => {
        if (event.outcome === "already_there") return;
        const note = event.error ? `: ${event.error}` : "";
        console.log(`[${done}/${total}] ${event.outcome.replaceAll("_", " ")} ${event.key}${note}`);
      },
    });
    console.log(
      `${summary.total} files: ${summary.copied} copied, ${summary.alreadyThere} already in the bucket, ${summary.failed} failed, ${summary.skippedNames} with names left alone.`,
    );
    if (summary.failed > 0) console.log("Run the command again to retry the failed files.");
    return summary.failed > 0 ? 1 : 0;
  } finally {
    await storage.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 2;
  },
);
