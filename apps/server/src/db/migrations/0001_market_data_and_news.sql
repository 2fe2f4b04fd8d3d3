CREATE TABLE "market_data_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"link" text,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"feed_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"article_id" integer,
	"is_fallback" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_dedupe_key_idx" ON "news_items" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_link_idx" ON "news_items" USING btree ("link");--> statement-breakpoint
CREATE INDEX "news_items_recent_idx" ON "news_items" USING btree ("is_fallback","published_at");--> statement-breakpoint
CREATE INDEX "news_items_article_idx" ON "news_items" USING btree ("article_id");