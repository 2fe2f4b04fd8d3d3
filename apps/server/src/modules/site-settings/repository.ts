import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { siteSettings, users } from "../../db/schema";
import { userNameColumns } from "../../db/user-name-columns";

export function createSiteSettingsRepository(db: Executor) {
  return {
    async find(key: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          value: siteSettings.value,
          updatedAt: siteSettings.updatedAt,
          updatedBy: userNameColumns,
        })
        .from(siteSettings)
        .leftJoin(users, eq(users.id, siteSettings.updatedBy))
        .where(eq(siteSettings.key, key))
        .limit(1);
      return row;
    },

    async upsert(key: string, value: unknown, updatedBy: number, tx: Executor = db) {
      const updatedAt = new Date();
      await tx
        .insert(siteSettings)
        .values({ key, value, updatedAt, updatedBy })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt, updatedBy } });
    },
  };
}

export type SiteSettingsRepository = ReturnType<typeof createSiteSettingsRepository>;
