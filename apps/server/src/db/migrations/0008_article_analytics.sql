CREATE TABLE "analytics_daily_referrer_rollups" (
	"day" date NOT NULL,
	"author_id" integer NOT NULL,
	"source" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_referrer_rollups_day_author_id_source_host_pk" PRIMARY KEY("day","author_id","source","host")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_rollups" (
	"day" date NOT NULL,
	"author_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"read_throughs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_rollups_day_author_id_category_id_pk" PRIMARY KEY("day","author_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "article_daily_referrers" (
	"article_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_daily_referrers_article_id_day_source_host_pk" PRIMARY KEY("article_id","day","source","host")
);
--> statement-breakpoint
CREATE TABLE "article_daily_stats" (
	"article_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"read_throughs" integer DEFAULT 0 NOT NULL,
	"timed_reads" integer DEFAULT 0 NOT NULL,
	"seconds_on_page" integer DEFAULT 0 NOT NULL,
	"time_under_10s" integer DEFAULT 0 NOT NULL,
	"time_10_to_30s" integer DEFAULT 0 NOT NULL,
	"time_30_to_60s" integer DEFAULT 0 NOT NULL,
	"time_1_to_3m" integer DEFAULT 0 NOT NULL,
	"time_over_3m" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_daily_stats_article_id_day_pk" PRIMARY KEY("article_id","day")
);
--> statement-breakpoint
CREATE TABLE "article_hourly_stats" (
	"article_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"read_throughs" integer DEFAULT 0 NOT NULL,
	"timed_reads" integer DEFAULT 0 NOT NULL,
	"seconds_on_page" integer DEFAULT 0 NOT NULL,
	"time_under_10s" integer DEFAULT 0 NOT NULL,
	"time_10_to_30s" integer DEFAULT 0 NOT NULL,
	"time_30_to_60s" integer DEFAULT 0 NOT NULL,
	"time_1_to_3m" integer DEFAULT 0 NOT NULL,
	"time_over_3m" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_hourly_stats_article_id_hour_pk" PRIMARY KEY("article_id","hour")
);
--> statement-breakpoint
ALTER TABLE "article_daily_referrers" ADD CONSTRAINT "article_daily_referrers_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_daily_stats" ADD CONSTRAINT "article_daily_stats_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_hourly_stats" ADD CONSTRAINT "article_hourly_stats_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_daily_referrers_day_idx" ON "article_daily_referrers" USING btree ("day");--> statement-breakpoint
CREATE INDEX "article_daily_stats_day_idx" ON "article_daily_stats" USING btree ("day","views","article_id");--> statement-breakpoint
CREATE INDEX "article_hourly_stats_hour_idx" ON "article_hourly_stats" USING btree ("hour");