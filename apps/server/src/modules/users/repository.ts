import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { escapeLike } from "../../db/like";
import { apiKeys, articles, type NewUserRow, type UserRow, users } from "../../db/schema";

/** A user row with the counts the user-management screen shows. */
export type UserWithCounts = UserRow & { articleCount: number; apiKeyCount: number };

export interface UserListFilter {
  search?: string;
  role?: UserRow["role"];
  isActive?: boolean;
  limit: number;
  offset: number;
}

function likePattern(text: string) {
  return `%${escapeLike(text)}%`;
}

/**
 * The outer query's users.id, spelled out: inside a select list Drizzle writes columns without
 * their table, and a bare "id" in a subquery would mean the subquery's own table.
 */
const outerUserId = sql`${sql.identifier("users")}.${sql.identifier("id")}`;

export function createUsersRepository(db: Executor) {
  const articleCount = sql<number>`(select count(*)::int from ${articles} a where a.author_id = ${outerUserId})`;
  // Revoked and deactivated keys no longer count: the column says how many keys can be used.
  const apiKeyCount = sql<number>`(select count(*)::int from ${apiKeys} k where k.user_id = ${outerUserId} and k.is_active)`;

  function listConditions(filter: Omit<UserListFilter, "limit" | "offset">): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(
        or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
        ) as SQL,
      );
    }
    if (filter.role) conditions.push(eq(users.role, filter.role));
    if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
    return conditions.length ? and(...conditions) : undefined;
  }

  return {
    async findById(id: number, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },

    /**
     * The id of a system account (a byline such as the newsroom's), created when missing: inactive,
     * and its hash is no valid argon2 hash, so no password can ever match it.
     */
    async ensureSystemAccount(
      values: { email: string; firstName: string; lastName: string },
      tx: Executor = db,
    ): Promise<number> {
      await tx
        .insert(users)
        .values({
          ...values,
          passwordHash: "!system-account-no-login",
          role: "author",
          isActive: false,
        })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${values.email.toLowerCase()}`)
        .limit(1);
      return row.id;
    },

    async insert(values: NewUserRow, tx: Executor = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row;
    },

    /**
     * A new password hash only while the old one is still `expectedHash`: of two uses of one
     * reset link, one wins. Bumps token_version with it (every older token ends).
     */
    async replacePasswordHash(
      id: number,
      expectedHash: string,
      passwordHash: string,
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, id), eq(users.passwordHash, expectedHash)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async update(id: number, values: Partial<NewUserRow>, tx: Executor = db) {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row as UserRow | undefined;
    },

    /**
     * Inserts the install's first account, or nothing when there is one already. Two set-ups
     * racing are serialised by a transaction-level advisory lock: exactly one becomes the owner.
     */
    async insertFirst(values: NewUserRow): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
        const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
        if (existing) return null;
        const [row] = await tx.insert(users).values(values).returning();
        return row;
      });
    },

    async count(tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ value: sql<number>`count(*)::int` }).from(users);
      return row?.value ?? 0;
    },

    /** A page of users, newest first, with their article and API key counts. */
    async list(
      filter: UserListFilter,
      tx: Executor = db,
    ): Promise<{ rows: UserWithCounts[]; total: number }> {
      const where = listConditions(filter);
      const [rows, [totalRow]] = await Promise.all([
        tx
          .select({ user: users, articleCount, apiKeyCount })
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(filter.limit)
          .offset(filter.offset),
        tx.select({ value: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          ...row.user,
          articleCount: row.articleCount,
          apiKeyCount: row.apiKeyCount,
        })),
        total: totalRow?.value ?? 0,
      };
    },

    async findWithCounts(id: number, tx: Executor = db): Promise<UserWithCounts | undefined> {
      const [row] = await tx
        .select({ user: users, articleCount, apiKeyCount })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row && { ...row.user, articleCount: row.articleCount, apiKeyCount: row.apiKeyCount };
    },

    /**
     * The ids of the active admins, locked until the transaction ends: two admins demoting each
     * other at the same moment then run one after the other, and the last admin survives.
     */
    async lockActiveAdminIds(tx: Executor): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
        .orderBy(asc(users.id))
        .for("update");
      return rows.map((row) => row.id);
    },

    /**
     * Bylines with a public page (/author/{slug}): anyone with an article readers can see, active
     * or not (their articles still carry the byline). One author by id, or all of them.
     */
    async findAuthorsWithPublicArticles(
      id?: number,
      tx: Executor = db,
    ): Promise<Array<UserRow & { articleCount: number }>> {
      const publicCount = sql<number>`(select count(*)::int from ${articles} a where a.author_id = ${outerUserId} and a.status = 'published' and a.is_active and a.published_at <= now())`;
      const rows = await tx
        .select({ user: users, articleCount: publicCount })
        .from(users)
        .where(and(id === undefined ? undefined : eq(users.id, id), sql`${publicCount} > 0`))
        .orderBy(asc(users.id));
      return rows.map((row) => ({ ...row.user, articleCount: row.articleCount }));
    },

    /** Active staff who have published at least one article: the authors the public API lists. */
    async listPublishedAuthors(
      options: { limit: number; offset: number },
      tx: Executor = db,
    ): Promise<{ rows: Array<UserRow & { articleCount: number }>; total: number }> {
      const publishedCount = sql<number>`(select count(*)::int from ${articles} a where a.author_id = ${outerUserId} and a.status = 'published' and a.is_active and a.published_at <= now())`;
      const where = and(eq(users.isActive, true), sql`${publishedCount} > 0`);
      const [rows, [totalRow]] = await Promise.all([
        tx
          .select({ user: users, articleCount: publishedCount })
          .from(users)
          .where(where)
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
          .limit(options.limit)
          .offset(options.offset),
        tx.select({ value: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      return {
        rows: rows.map((row) => ({ ...row.user, articleCount: row.articleCount })),
        total: totalRow?.value ?? 0,
      };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
