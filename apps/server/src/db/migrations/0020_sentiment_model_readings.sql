CREATE TABLE "sentiment_model_readings" (
	"model" text NOT NULL,
	"text_hash" text NOT NULL,
	"reading" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sentiment_model_readings_model_text_hash_pk" PRIMARY KEY("model","text_hash")
);
--> statement-breakpoint
ALTER TABLE "sentiment_scores" ADD COLUMN "engine" text DEFAULT 'offline' NOT NULL;