import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit log (issue 31, decision 203), owned by the audit module: one row per staff action that
 * changes what readers see or who can do what, and per refused security attempt. Append-only for
 * everyone: a trigger (migration 0019) refuses UPDATE, DELETE and TRUNCATE, and the code has no
 * path that changes a row. No foreign key to users (deleting a user would have to change rows);
 * the actor's name and role are copied as they were.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    actorRole: text("actor_role").notNull().default(""),
    ipAddress: text("ip_address").notNull().default(""),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    summary: text("summary").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_actor_idx").on(table.actorId, table.at),
    index("audit_log_action_idx").on(table.action, table.at),
    index("audit_log_target_idx").on(table.targetType, table.targetId),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
