import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type ApiKeyRow, apiKeys, type NewApiKeyRow, type UserRow, users } from "../../db/schema";

export type ApiKeyOwner = Pick<
  UserRow,
  "id" | "email" | "firstName" | "lastName" | "role" | "isActive"
>;
export type ApiKeyWithOwner = ApiKeyRow & { owner: ApiKeyOwner };

export interface UsageEntry {
  id: number;
  count: number;
  lastUsedAt: Date;
  lastUsedIp: string;
}

const owner = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
};

export function createApiKeysRepository(db: Executor) {
  function selectWithOwner(tx: Executor) {
    return tx
      .select({ ...getTableColumns(apiKeys), owner })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId));
  }

  return {
    async insert(values: NewApiKeyRow, tx: Executor = db): Promise<ApiKeyRow> {
      const [row] = await tx.insert(apiKeys).values(values).returning();
      return row;
    },

    async findById(id: number, tx: Executor = db): Promise<ApiKeyWithOwner | undefined> {
      const [row] = await selectWithOwner(tx).where(eq(apiKeys.id, id)).limit(1);
      return row;
    },

    /** The per-request lookup of the public API: one indexed equality match. */
    async findByHash(keyHash: string, tx: Executor = db): Promise<ApiKeyWithOwner | undefined> {
      const [row] = await selectWithOwner(tx).where(eq(apiKeys.keyHash, keyHash)).limit(1);
      return row;
    },

    /** Newest first; all keys when userId is undefined (admins). */
    async list(userId: number | undefined, tx: Executor = db): Promise<ApiKeyWithOwner[]> {
      const query = selectWithOwner(tx);
      const filtered = userId === undefined ? query : query.where(eq(apiKeys.userId, userId));
      return filtered.orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    async update(id: number, values: Partial<NewApiKeyRow>, tx: Executor = db) {
      const [row] = await tx
        .update(apiKeys)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(apiKeys.id, id))
        .returning();
      return row as ApiKeyRow | undefined;
    },

    /**
     * Adds batched usage. Increments are relative, so several instances flushing their own
     * batches never overwrite each other; the latest use wins lastUsedAt and lastUsedIp.
     */
    async addUsage(entries: UsageEntry[], tx: Executor = db): Promise<void> {
      for (const entry of entries) {
        await tx
          .update(apiKeys)
          .set({
            usageCount: sql`${apiKeys.usageCount} + ${entry.count}`,
            lastUsedIp: sql`case when ${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} <= ${entry.lastUsedAt.toISOString()}::timestamptz then ${entry.lastUsedIp} else ${apiKeys.lastUsedIp} end`,
            lastUsedAt: sql`greatest(${apiKeys.lastUsedAt}, ${entry.lastUsedAt.toISOString()}::timestamptz)`,
          })
          .where(eq(apiKeys.id, entry.id));
      }
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
