CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"template_id" text NOT NULL,
	"template_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"budget_amount" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"draft" jsonb NOT NULL,
	"partner_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer,
	"user_id" integer,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"username" text,
	"secret_ciphertext" text NOT NULL,
	"secret_hint" text NOT NULL,
	"post_status" text DEFAULT 'pending' NOT NULL,
	"max_articles" integer DEFAULT 3 NOT NULL,
	"window_hours" integer DEFAULT 24 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'dashboard' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"count_from" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_check_ok" boolean,
	"last_check_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"campaign_id" integer,
	"action" text DEFAULT 'create' NOT NULL,
	"status" text NOT NULL,
	"slot_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"remote_id" text,
	"remote_url" text,
	"error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_partner_id_partner_connections_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_audit_log" ADD CONSTRAINT "partner_audit_log_partner_id_partner_connections_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_audit_log" ADD CONSTRAINT "partner_audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_pushes" ADD CONSTRAINT "partner_pushes_partner_id_partner_connections_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_pushes" ADD CONSTRAINT "partner_pushes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_pushes" ADD CONSTRAINT "partner_pushes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_pushes" ADD CONSTRAINT "partner_pushes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_connections_source_env_idx" ON "partner_connections" USING btree ("source") WHERE source = 'env';--> statement-breakpoint
CREATE INDEX "partner_pushes_partner_slot_idx" ON "partner_pushes" USING btree ("partner_id","status","slot_at");--> statement-breakpoint
CREATE INDEX "partner_pushes_campaign_idx" ON "partner_pushes" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_pushes_one_open_idx" ON "partner_pushes" USING btree ("partner_id","article_id") WHERE status in ('held', 'queued', 'sending');