import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authSessions } from "../src/db/schema";
import { sessionsCleanupJob } from "../src/jobs/sessions-cleanup-job";
import { buildTestApp, signUpReader } from "./helpers";

/** Ended session rows are deleted a week after they ended (issue 31, decision 204). */
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function newSession(email: string) {
  const { id } = await signUpReader(
    app,
    { email, password: "cleanup-pass-1", firstName: "Clean", lastName: "Up" },
    { remoteAddress: "10.34.0.1" },
  );
  const [row] = await app.database.db
    .select()
    .from(authSessions)
    .where(eq(authSessions.userId, id));
  return row!.id;
}

const exists = async (id: string) =>
  (await app.database.db.select().from(authSessions).where(eq(authSessions.id, id))).length > 0;

describe("the sessions clean-up job", () => {
  it("deletes sessions ended over a week ago and keeps open and recently ended ones", async () => {
    const { db } = app.database;
    const [open, revokedLongAgo, revokedYesterday, expiredLongAgo] = await Promise.all([
      newSession("cleanup-open@example.com"),
      newSession("cleanup-revoked-old@example.com"),
      newSession("cleanup-revoked-new@example.com"),
      newSession("cleanup-expired-old@example.com"),
    ]);
    await db
      .update(authSessions)
      .set({ revokedAt: sql`now() - interval '8 days'` })
      .where(eq(authSessions.id, revokedLongAgo));
    await db
      .update(authSessions)
      .set({ revokedAt: sql`now() - interval '1 day'` })
      .where(eq(authSessions.id, revokedYesterday));
    await db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '9 days'` })
      .where(eq(authSessions.id, expiredLongAgo));

    const job = sessionsCleanupJob(app.services.auth);
    expect(job).toMatchObject({ name: "auth:sessions-cleanup", exclusive: true });
    await job.run(new AbortController().signal);

    expect(await exists(open)).toBe(true);
    expect(await exists(revokedYesterday)).toBe(true);
    expect(await exists(revokedLongAgo)).toBe(false);
    expect(await exists(expiredLongAgo)).toBe(false);
  });
});
