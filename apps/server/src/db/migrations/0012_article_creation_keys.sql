ALTER TABLE "articles" ADD COLUMN "creation_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_creation_key_idx" ON "articles" USING btree ("author_id","creation_key");