CREATE TABLE "image_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_role" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"items" jsonb NOT NULL,
	"cost_per_image_micros" bigint DEFAULT 0 NOT NULL,
	"estimated_cost_micros" bigint DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer,
	"user_id" integer,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"prompt" text,
	"revised_prompt" text,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"outcome" text DEFAULT 'running' NOT NULL,
	"error_code" text,
	"error" text,
	"image_url" text,
	"batch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "image_batches" ADD CONSTRAINT "image_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_generations" ADD CONSTRAINT "image_generations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_generations" ADD CONSTRAINT "image_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_batches_status_idx" ON "image_batches" USING btree ("status","lease_until");--> statement-breakpoint
CREATE INDEX "image_generations_provider_created_idx" ON "image_generations" USING btree ("provider","created_at");--> statement-breakpoint
CREATE INDEX "image_generations_article_idx" ON "image_generations" USING btree ("article_id");