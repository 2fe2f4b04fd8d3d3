import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Signed-in sessions (issue 31, decision 200), owned by the auth module. The JWT carries the
 * session's id; a session is alive while it is neither revoked nor expired, and every
 * authenticated request checks that in the database, so an ended session is refused at once by
 * every instance.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent").notNull().default(""),
    ipAddress: text("ip_address").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

export type AuthSessionRow = typeof authSessions.$inferSelect;

/**
 * Two-factor sign-in (issue 31, decision 202), owned by the auth module: one row per account
 * that started enrolment. The TOTP secret is sealed at rest (lib/secret-box.ts) with a key derived
 * from the server secret; `pending_secret` is the one shown by set-up until a code confirms it.
 * `last_used_step` is the TOTP time-step of the last accepted code, so a code is never accepted
 * twice (RFC 6238 section 5.2).
 */
export const authTwoFactor = pgTable("auth_two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret"),
  pendingSecret: text("pending_secret"),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type AuthTwoFactorRow = typeof authTwoFactor.$inferSelect;

/** Single-use recovery codes, stored as keyed hashes; `used_at` is set once, atomically. */
export const authRecoveryCodes = pgTable(
  "auth_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("auth_recovery_codes_user_code_idx").on(table.userId, table.codeHash)],
);
