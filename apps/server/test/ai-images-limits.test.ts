import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageBatches, imageGenerations, workQueue } from "../src/db/schema";
import { createWorkQueue } from "../src/lib/work-queue";
import { imageBatchAttempts, imageBatchWorkKind } from "../src/modules/ai-images/batches";
import { insertArticle, userId } from "./article-fixtures";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { createImageServerHandler, pictureBytes } from "./fake-image-servers";
import { buildTestApp, loginAs } from "./helpers";

const apps: FastifyInstance[] = [];
let fake: FakeServer;

beforeAll(async () => {
  const images = createImageServerHandler({
    picture: await pictureBytes(),
    baseUrl: () => fake.url,
  });
  fake = await startFakeServer(images.handler);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await fake?.close();
});

async function start(env: Record<string, string>) {
  const app = await buildTestApp({ imageTimeoutMs: 10_000, outboundTimeoutMs: 10_000 }, env);
  apps.push(app);
  const editor = await loginAs(app, "editor");
  const authorId = await userId(app, "author@aurumwire.test");
  const article = (title = "Ethereum validators prepare for the next network upgrade") =>
    insertArticle(app, { authorId, title, featuredImage: "/uploads/old-cover.jpg" });
  return { app, editor, article };
}

describe("the monthly DALL-E cap", () => {
  it("stops paid generation with a clear message once the month's budget is used", async () => {
    const { app, editor, article } = await start({
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: "test-key",
      DALLE_MONTHLY_BUDGET_USD: "0.05",
    });
    const first = await article();
    const ok = await app.inject({
      method: "POST",
      url: `/api/articles/${first.id}/generate-image?provider=dalle`,
      headers: editor,
    });
    expect(ok.statusCode, ok.body).toBe(200);

    const second = await article();
    const refused = await app.inject({
      method: "POST",
      url: `/api/articles/${second.id}/generate-image?provider=dalle`,
      headers: editor,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("image_budget_reached");
    expect(refused.json().error).toContain("The monthly DALL-E budget of $0.05 is used up");

    const bulk = await app.inject({
      method: "POST",
      url: "/api/dalle/bulk-generate",
      headers: editor,
      payload: { articleIds: [second.id] },
    });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json().error).toContain("would cost $0.04");

    const status = await app.inject({ method: "GET", url: "/api/dalle/status", headers: editor });
    expect(status.json()).toMatchObject({ monthlySpend: 0.04, monthlyBudget: 0.05 });
    const detail = await app.inject({
      method: "GET",
      url: `/api/admin/articles/${second.id}`,
      headers: editor,
    });
    expect(detail.json().article.featuredImage).toBe("/uploads/old-cover.jpg");
  });
});

describe("without AI image services", () => {
  it("says so in the status and offers the branded cover, named as not AI", async () => {
    const { app, editor, article } = await start({});
    for (const service of ["stable-diffusion", "dalle"]) {
      const status = await app.inject({
        method: "GET",
        url: `/api/${service}/status`,
        headers: editor,
      });
      expect(status.json()).toMatchObject({ configured: false, message: "Service unavailable" });
    }
    const sd = await app.inject({
      method: "GET",
      url: "/api/stable-diffusion/status",
      headers: editor,
    });
    expect(sd.json()).toMatchObject({
      model: "stable-diffusion-xl",
      costPerImage: 0,
      quality: "high",
    });

    const target = await article();
    const cover = await app.inject({
      method: "POST",
      url: `/api/articles/${target.id}/generate-image`,
      headers: editor,
    });
    expect(cover.statusCode).toBe(200);
    expect(cover.json()).toMatchObject({ provider: "branded-cover", aiGenerated: false });

    const dalle = await app.inject({
      method: "POST",
      url: `/api/articles/${target.id}/generate-image?provider=dalle`,
      headers: editor,
    });
    expect(dalle.statusCode).toBe(503);
    expect(dalle.json().error).toContain("DALL-E 3 is not configured");
    const bulk = await app.inject({
      method: "POST",
      url: "/api/stable-diffusion/bulk-generate",
      headers: editor,
      payload: { articleIds: [target.id] },
    });
    expect(bulk.statusCode).toBe(503);
  });

  it("reports a configured service that is down as unavailable, and a generation as unreachable", async () => {
    const closed = await startFakeServer(() => {});
    const url = closed.url;
    await closed.close();
    const { app, editor, article } = await start({ SD_URL: url });
    const status = await app.inject({
      method: "GET",
      url: "/api/stable-diffusion/status",
      headers: editor,
    });
    expect(status.json()).toMatchObject({ configured: false, message: "Service unavailable" });
    const target = await article();
    const response = await app.inject({
      method: "POST",
      url: `/api/articles/${target.id}/generate-image`,
      headers: editor,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe("image_service_unreachable");
  });
});

describe("a batch left behind by a stopped server", () => {
  it("is taken over from the work queue by one instance and finished where it stopped", async () => {
    const { app, editor, article } = await start({ SD_URL: fake.url });
    const [done, target] = [await article(), await article()];
    // As a server that stopped mid-batch leaves it: running, its second article in hand, and its
    // work queue claim (attempt 1) past its lease.
    const item = { error: null, imageUrl: null };
    const [batch] = await app.database.db
      .insert(imageBatches)
      .values({
        userId: await userId(app, "editor@aurumwire.test"),
        userRole: "editor",
        provider: "stable-diffusion",
        items: [
          { ...item, articleId: done.id, title: done.title, status: "succeeded" },
          { ...item, articleId: target.id, title: target.title, status: "running" },
        ],
      })
      .returning();
    const [work] = await app.database.db
      .insert(workQueue)
      .values({
        kind: imageBatchWorkKind,
        payload: { batchId: batch.id },
        attempts: 1,
        maxAttempts: imageBatchAttempts,
        runAt: new Date(Date.now() - 1000),
        dedupeKey: String(batch.id),
      })
      .returning();
    // Two instances' jobs at once: one takes the batch, the other finds nothing due.
    const [ran] = await Promise.all([
      app.jobs.runNow("ai-images:batches"),
      app.services.aiImages.runDueBatches(new AbortController().signal),
    ]);
    expect(ran).toBe("ran");
    const after = await app.inject({
      method: "GET",
      url: `/api/image-batches/${batch.id}`,
      headers: editor,
    });
    expect(after.json()).toMatchObject({ status: "completed", successful: 2, total: 2 });
    const drawn = await app.database.db
      .select()
      .from(imageGenerations)
      .where(eq(imageGenerations.batchId, batch.id));
    expect(drawn.map((row) => row.articleId)).toEqual([target.id]);
    expect(await createWorkQueue(app.database.db).find(work.id)).toMatchObject({
      status: "done",
      attempts: 2,
    });
    const detail = await app.inject({
      method: "GET",
      url: `/api/admin/articles/${target.id}`,
      headers: editor,
    });
    expect(detail.json().article.featuredImage).toBe(after.json().results[1].imageUrl);
  });
});
