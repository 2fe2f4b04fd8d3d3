import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * PostgreSQL's full-text document type. The articles' search vector is kept up to date by a
 * trigger (migration 0002): a generated column cannot use array_to_string, which is not immutable.
 */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    color: text("color").notNull().default("#FFD700"),
    description: text("description"),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, {
      onDelete: "restrict",
    }),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("categories_slug_idx").on(table.slug),
    index("categories_parent_idx").on(table.parentId),
  ],
);

export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** Sanitized HTML: the sanitizer runs on save, so readers only ever get the allowlist. */
    content: text("content").notNull().default(""),
    featuredImage: text("featured_image"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: ["draft", "published", "archived"] })
      .notNull()
      .default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    viewCount: integer("view_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    isFeatured: boolean("is_featured").notNull().default(false),
    isPremium: boolean("is_premium").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    readingTime: integer("reading_time").notNull().default(1),
    generateImage: boolean("generate_image").notNull().default(false),
    /**
     * The Idempotency-Key the creating request carried (a form's submit, an AI generation's
     * draft): the same key from the same author answers the article it made, never a second one.
     */
    creationKey: text("creation_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Weighted title (A), excerpt and tags (B), body text (C); written by a trigger only. */
    searchVector: tsvector("search_vector"),
    /**
     * The title, excerpt and tags part of searchVector, also kept by the trigger: small, so
     * ranking thousands of matches does not read every body.
     */
    searchSummaryVector: tsvector("search_summary_vector"),
  },
  (table) => [
    uniqueIndex("articles_slug_idx").on(table.slug),
    index("articles_search_idx").using("gin", table.searchVector),
    // Partial words and typos: trigram matching on the title (pg_trgm).
    index("articles_title_trgm_idx").using("gin", table.title.op("gin_trgm_ops")),
    index("articles_featured_idx").on(table.isFeatured, table.publishedAt),
    index("articles_public_list_idx").on(table.status, table.isActive, table.publishedAt),
    index("articles_category_idx").on(table.categoryId, table.publishedAt),
    index("articles_author_idx").on(table.authorId, table.createdAt),
    index("articles_tags_idx").using("gin", table.tags),
    uniqueIndex("articles_creation_key_idx").on(table.authorId, table.creationKey),
  ],
);

/** One row per article and viewer session: the primary key makes de-duplication race-free. */
export const articleViews = pgTable(
  "article_views",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.sessionId] }),
    index("article_views_time_idx").on(table.viewedAt, table.articleId),
  ],
);

export const articleLikes = pgTable(
  "article_likes",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.userId] })],
);

/** The previous state of an article, kept on every change so a mistaken save loses nothing. */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    editorId: integer("editor_id").references(() => users.id, { onDelete: "set null" }),
    snapshot: jsonb("snapshot").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("article_revisions_article_idx").on(table.articleId, table.createdAt)],
);

/** Key/value site settings (heroDisplayMode and later ones), with who changed them last. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export type CategoryRow = typeof categories.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;
