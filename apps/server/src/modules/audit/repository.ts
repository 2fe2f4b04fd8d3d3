import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type AuditLogRow, auditLog, users } from "../../db/schema";

export type NewAuditEntry = typeof auditLog.$inferInsert;

/**
 * The audit module's table (decision 203): insert and read, nothing else. The database refuses
 * UPDATE, DELETE and TRUNCATE on it as well (migration 0019's trigger).
 */
export function createAuditRepository(db: Executor) {
  return {
    /** Writes an entry; the actor's name and role are copied from the account as it is now. */
    async insert(entry: NewAuditEntry, tx: Executor = db): Promise<void> {
      const actor = (column: SQL) =>
        entry.actorId == null
          ? ""
          : sql`coalesce((select ${column} from ${users} where ${users.id} = ${entry.actorId}), '')`;
      await tx.insert(auditLog).values({
        ...entry,
        actorName: actor(sql`${users.firstName} || ' ' || ${users.lastName}`),
        actorRole: actor(sql`${users.role}`),
      });
    },

    async page(filter: {
      actorId?: number;
      action?: string;
      from?: Date;
      toExclusive?: Date;
      targetType?: string;
      targetId?: string;
      limit: number;
      offset: number;
    }): Promise<{ rows: AuditLogRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.actorId !== undefined) conditions.push(eq(auditLog.actorId, filter.actorId));
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.toExclusive) conditions.push(lt(auditLog.at, filter.toExclusive));
      if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
      if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: Number(total?.total ?? 0) };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
