import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { articles } from "./content";
import { users } from "./users";

/**
 * Partner platforms we syndicate to (decision 110): a WordPress site (REST API with an application
 * password), a Ghost site (Admin API key) or a partner's own endpoint (signed webhook). The secret
 * is kept encrypted (AES-256-GCM, decision 111) and never leaves the server again.
 */
export const partnerConnections = pgTable(
  "partner_connections",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["wordpress", "ghost", "webhook"] }).notNull(),
    url: text("url").notNull(),
    /** WordPress user name for the application password; unused by the other kinds. */
    username: text("username"),
    /** iv.tag.ciphertext, base64url; see partners/secret-box.ts. */
    secretCiphertext: text("secret_ciphertext").notNull(),
    /** The last 4 characters of the secret, to tell keys apart on screen. */
    secretHint: text("secret_hint").notNull(),
    /** WordPress post status for new posts: draft, pending, future or publish. */
    postStatus: text("post_status").notNull().default("pending"),
    /** The compliance rule: at most maxArticles new articles per rolling windowHours. */
    maxArticles: integer("max_articles").notNull().default(3),
    windowHours: integer("window_hours").notNull().default(24),
    isDefault: boolean("is_default").notNull().default(false),
    /** "env" for the connection made from PARTNER_API_URL/PARTNER_API_KEY, else "dashboard". */
    source: text("source").notNull().default("dashboard"),
    isActive: boolean("is_active").notNull().default(true),
    /** Pushes sent before this moment do not count for the rule (an admin's logged reset). */
    countFrom: timestamp("count_from", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastCheckOk: boolean("last_check_ok"),
    lastCheckMessage: text("last_check_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("partner_connections_source_env_idx").on(table.source).where(sql`source = 'env'`),
  ],
);

/**
 * Media campaigns (decision 113): the wizard's draft as sent, kept whole, plus the fields lists
 * and the queue need. The articles a campaign syndicates are its rows in partner_pushes.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    templateId: text("template_id").notNull(),
    templateName: text("template_name").notNull(),
    status: text("status", { enum: ["draft", "active", "paused", "completed", "cancelled"] })
      .notNull()
      .default("draft"),
    budgetAmount: integer("budget_amount").notNull().default(0),
    startDate: timestamp("start_date", { withTimezone: true }),
    endDate: timestamp("end_date", { withTimezone: true }),
    /** The whole campaign draft of spec point 3 (audience, compliance, content, AI settings). */
    draft: jsonb("draft").$type<Record<string, unknown>>().notNull(),
    partnerId: integer("partner_id").references(() => partnerConnections.id, {
      onDelete: "set null",
    }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("campaigns_status_idx").on(table.status, table.createdAt)],
);

/**
 * The ledger: one row per article pushed (or to be pushed) to a partner. A row waits as "queued"
 * until its slot (the first moment the compliance rule allows it), is claimed as "sending" by one
 * instance under the partner row's lock, and ends "sent" (remote id and link) or "failed" (the
 * partner's message). "held" rows belong to a paused or unlaunched campaign and have no slot.
 */
export const partnerPushes = pgTable(
  "partner_pushes",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partnerConnections.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    campaignId: integer("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /**
     * "create" makes a new remote post and counts for the rule; "update" re-sends one;
     * "withdraw" took it down on the partner (decision 173).
     */
    action: text("action", { enum: ["create", "update", "withdraw"] })
      .notNull()
      .default("create"),
    status: text("status", {
      enum: ["held", "queued", "sending", "sent", "failed", "cancelled"],
    }).notNull(),
    /** When the rule lets it go; for sent rows the moment it was sent. */
    slotAt: timestamp("slot_at", { withTimezone: true }),
    /** Not before this moment (backoff after a failure, a partner's Retry-After). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    remoteId: text("remote_id"),
    remoteUrl: text("remote_url"),
    error: text("error"),
    /** Why it failed, for what the log offers: remote_gone (send again as new), check_partner. */
    errorCode: text("error_code"),
    /**
     * An earlier attempt may have reached the partner (time-out, cut connection, 5xx, a stopped
     * server): the next attempt looks the post up by our canonical link before creating one.
     */
    lookupFirst: boolean("lookup_first").notNull().default(false),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("partner_pushes_partner_slot_idx").on(table.partnerId, table.status, table.slotAt),
    index("partner_pushes_campaign_idx").on(table.campaignId),
    // An article waits or goes out at most once per partner at a time: a second request, or two
    // racing ones, meet this index (decision 112).
    uniqueIndex("partner_pushes_one_open_idx")
      .on(table.partnerId, table.articleId)
      .where(sql`status in ('held', 'queued', 'sending')`),
  ],
);

/**
 * What a partner already has of ours, per connection (decision 171): our images' copies in its
 * media library (`wp-media`, `ghost-image`, keyed by our storage key) and its term ids for our
 * tags and categories (`wp-tags`, `wp-categories`, keyed by slug). Looked up before uploading or
 * creating again; editors may correct a term mapping by changing remote_id.
 */
export const partnerRemoteRefs = pgTable(
  "partner_remote_refs",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partnerConnections.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    remoteId: text("remote_id").notNull(),
    remoteUrl: text("remote_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("partner_remote_refs_key_idx").on(table.partnerId, table.kind, table.key),
  ],
);

/** Admin actions on the partner integration (compliance resets, connection changes), for audit. */
export const partnerAuditLog = pgTable("partner_audit_log", {
  id: serial("id").primaryKey(),
  partnerId: integer("partner_id").references(() => partnerConnections.id, {
    onDelete: "set null",
  }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  action: text("action").notNull(),
  detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PartnerConnectionRow = typeof partnerConnections.$inferSelect;
export type NewPartnerConnectionRow = typeof partnerConnections.$inferInsert;
export type PartnerPushRow = typeof partnerPushes.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
