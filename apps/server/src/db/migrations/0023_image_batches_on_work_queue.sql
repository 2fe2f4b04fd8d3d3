INSERT INTO "work_queue" ("kind", "payload", "attempts", "max_attempts", "run_at", "dedupe_key")
SELECT 'ai-images:batches', jsonb_build_object('batchId', "id"),
  CASE WHEN "lease_owner" IS NULL THEN 0 ELSE 1 END, 10,
  greatest(coalesce("lease_until", now()), now()), "id"::text
FROM "image_batches" WHERE "status" = 'running' ORDER BY "id";--> statement-breakpoint
DROP INDEX "image_batches_status_idx";--> statement-breakpoint
ALTER TABLE "image_batches" DROP COLUMN "lease_owner";--> statement-breakpoint
ALTER TABLE "image_batches" DROP COLUMN "lease_until";
