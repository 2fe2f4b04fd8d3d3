CREATE TABLE "sentiment_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"coin_slug" text NOT NULL,
	"label" text NOT NULL,
	"score" double precision NOT NULL,
	"confidence" double precision NOT NULL,
	"relevance" double precision DEFAULT 0 NOT NULL,
	"drivers" jsonb NOT NULL,
	"text_hash" text NOT NULL,
	"category_id" integer,
	"published_at" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sentiment_scores_subject_coin_idx" ON "sentiment_scores" USING btree ("subject_kind","subject_id","coin_slug");--> statement-breakpoint
CREATE INDEX "sentiment_scores_coin_time_idx" ON "sentiment_scores" USING btree ("coin_slug","published_at");