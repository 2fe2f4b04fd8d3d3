-- Full-text search over articles: pg_trgm for partial words, a weighted tsvector kept by a trigger.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE OR REPLACE FUNCTION articles_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.excerpt, '')), 'B') ||
    setweight(to_tsvector('english', array_to_string(coalesce(NEW.tags, '{}'::text[]), ' ')), 'B') ||
    setweight(to_tsvector('english',
      regexp_replace(regexp_replace(coalesce(NEW.content, ''), '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')
    ), 'C');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER articles_search_vector_trigger
  BEFORE INSERT OR UPDATE OF title, excerpt, tags, content ON "articles"
  FOR EACH ROW EXECUTE FUNCTION articles_search_vector_update();--> statement-breakpoint
-- Existing rows: touching title fires the trigger.
UPDATE "articles" SET "title" = "title";--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_featured_idx" ON "articles" USING btree ("is_featured","published_at");
