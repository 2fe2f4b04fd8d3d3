import { eq } from "drizzle-orm";
import { hashPassword } from "../../lib/passwords";
import type { FileStorage } from "../../modules/media/file-storage";
import { createUsersRepository } from "../../modules/users/repository";
import type { Database } from "../client";
import { siteSettings } from "../schema";
import { seedDemoArticles, seedDemoCategories } from "./demo-content";
import { demoUsers } from "./demo-users";

/**
 * Seeds the demo content once per part. Each part leaves a marker in site_settings, so a part
 * that an admin later deletes (a demo account, say) is not brought back on the next start.
 */
export async function seedDemoContent(
  db: Database,
  /** `files`: where the demo covers go (default: DATA_DIR/uploads). */
  options: {
    dataDir: string;
    siteName: string;
    files?: FileStorage;
    /** Told once, before the first part is seeded (a start that finds it all done says nothing). */
    onSeeding?: () => void;
  },
): Promise<void> {
  let told = false;
  const seedOnce = async (marker: string, seed: () => Promise<void>) =>
    seedPartOnce(db, marker, async () => {
      if (!told) options.onSeeding?.();
      told = true;
      await seed();
    });
  await seedOnce("seed:users", async () => {
    const users = createUsersRepository(db);
    for (const demo of demoUsers) {
      if (await users.findByEmail(demo.email)) continue;
      await users.insert({
        email: demo.email,
        passwordHash: await hashPassword(demo.password),
        firstName: demo.firstName,
        lastName: demo.lastName,
        role: demo.role,
        bio: demo.bio || null,
        emailVerified: true,
      });
    }
  });
  await seedOnce("seed:categories", () => seedDemoCategories(db));
  await seedOnce("seed:articles", () => seedDemoArticles(db, options));
}

async function seedPartOnce(db: Database, marker: string, seed: () => Promise<void>) {
  const [done] = await db.select().from(siteSettings).where(eq(siteSettings.key, marker));
  if (done) return;
  await seed();
  await db
    .insert(siteSettings)
    .values({ key: marker, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
}
