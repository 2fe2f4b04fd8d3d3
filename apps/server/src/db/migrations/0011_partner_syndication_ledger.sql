CREATE TABLE "partner_remote_refs" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"remote_id" text NOT NULL,
	"remote_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_pushes" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "partner_pushes" ADD COLUMN "lookup_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_remote_refs" ADD CONSTRAINT "partner_remote_refs_partner_id_partner_connections_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_remote_refs_key_idx" ON "partner_remote_refs" USING btree ("partner_id","kind","key");