import { and, desc, eq, gt, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type AuthSessionRow, authSessions } from "../../db/schema";

/** The auth module's sessions table (decision 200): the only place its queries live. */
export function createSessionsRepository(db: Executor) {
  const alive = (): SQL =>
    and(isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)) as SQL;

  return {
    async insert(row: {
      id: string;
      userId: number;
      userAgent: string;
      ipAddress: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(authSessions).values(row);
    },

    async findAlive(id: string): Promise<AuthSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.id, id), alive()))
        .limit(1);
      return row;
    },

    /** Last seen, written at most once a minute per session (a write per request is waste). */
    async touch(id: string, ipAddress: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ lastSeenAt: sql`now()`, ipAddress })
        .where(
          and(
            eq(authSessions.id, id),
            lt(authSessions.lastSeenAt, sql`now() - interval '1 minute'`),
          ),
        );
    },

    async listAlive(userId: number): Promise<AuthSessionRow[]> {
      return db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.userId, userId), alive()))
        .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.createdAt));
    },

    /** Ends one of the user's own sessions; false when it is not theirs or already ended. */
    async revoke(userId: number, id: string): Promise<boolean> {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(authSessions.id, id), eq(authSessions.userId, userId), alive()))
        .returning({ id: authSessions.id });
      return rows.length > 0;
    },

    /** Ends every session of the user but `exceptId`; the number ended. */
    async revokeAll(userId: number, exceptId: string | null, tx: Executor = db): Promise<number> {
      const conditions = [eq(authSessions.userId, userId), alive()];
      if (exceptId) conditions.push(ne(authSessions.id, exceptId));
      const rows = await tx
        .update(authSessions)
        .set({ revokedAt: sql`now()` })
        .where(and(...conditions))
        .returning({ id: authSessions.id });
      return rows.length;
    },

    /** Deletes the rows of sessions that ended (revoked or expired) before `before`; how many. */
    async deleteEndedBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(authSessions)
        .where(or(lt(authSessions.revokedAt, before), lt(authSessions.expiresAt, before)))
        .returning({ id: authSessions.id });
      return rows.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
