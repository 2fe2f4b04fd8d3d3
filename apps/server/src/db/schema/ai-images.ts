import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { articles } from "./content";
import { users } from "./users";

/**
 * The image log: one row per featured image asked for (which article, who asked, which service and
 * model, the prompt, what it cost, the outcome). DALL-E rows are written before the call, with the
 * price reserved, so the per-minute pace and the monthly cap count calls still in flight.
 */
export const imageGenerations = pgTable(
  "image_generations",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** "stable-diffusion", "dalle" or "branded-cover". */
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    prompt: text("prompt"),
    revisedPrompt: text("revised_prompt"),
    /** US dollars in millionths: 40000 is $0.04. Kept when the service charged for a picture we refused. */
    costMicros: bigint("cost_micros", { mode: "number" }).notNull().default(0),
    /** "running", "succeeded" or "failed". */
    outcome: text("outcome").notNull().default("running"),
    errorCode: text("error_code"),
    error: text("error"),
    imageUrl: text("image_url"),
    batchId: integer("batch_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("image_generations_provider_created_idx").on(table.provider, table.createdAt),
    index("image_generations_article_idx").on(table.articleId),
  ],
);

export interface ImageBatchItemRecord {
  articleId: number;
  title: string;
  status: "pending" | "running" | "succeeded" | "failed" | "cancelled";
  error: string | null;
  imageUrl: string | null;
}

/**
 * A bulk image run: what it sets out to draw and how far it got. Who works it is the work queue's
 * business (one `ai-images:batches` item per batch, decision 306): one instance at a time holds
 * its lease, and a batch whose server stopped is resumed from here.
 */
export const imageBatches = pgTable("image_batches", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The role of who started it, for the permission checks while it runs. */
  userRole: text("user_role").notNull(),
  provider: text("provider").notNull(),
  /** "running", "completed" or "cancelled". */
  status: text("status").notNull().default("running"),
  items: jsonb("items").$type<ImageBatchItemRecord[]>().notNull(),
  costPerImageMicros: bigint("cost_per_image_micros", { mode: "number" }).notNull().default(0),
  /** The price of the articles it set out to draw, shown before and while it runs. */
  estimatedCostMicros: bigint("estimated_cost_micros", { mode: "number" }).notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ImageGenerationRow = typeof imageGenerations.$inferSelect;
export type NewImageGenerationRow = typeof imageGenerations.$inferInsert;
export type ImageBatchRow = typeof imageBatches.$inferSelect;
