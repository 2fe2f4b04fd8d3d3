CREATE TABLE "work_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dedupe_key" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "work_queue_due_idx" ON "work_queue" USING btree ("kind","status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_queue_dedupe_idx" ON "work_queue" USING btree ("kind","dedupe_key");--> statement-breakpoint
INSERT INTO "work_queue" ("kind", "payload", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at", "finished_at")
SELECT 'mail:outbox',
  jsonb_build_object('recipient', "recipient", 'subject', "subject", 'textBody', "text_body", 'htmlBody', "html_body", 'replyTo', "reply_to", 'headers', "headers", 'purpose', "purpose", 'subjectId', "subject_id"),
  CASE "status" WHEN 'sent' THEN 'done' ELSE "status" END, "attempts", 50, "next_attempt_at", "last_error", "created_at", "sent_at"
FROM "mail_outbox" ORDER BY "id";--> statement-breakpoint
DROP TABLE "mail_outbox";
