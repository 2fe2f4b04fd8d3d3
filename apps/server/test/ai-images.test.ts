import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { categories, imageGenerations } from "../src/db/schema";
import { insertArticle, userId } from "./article-fixtures";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { createImageServerHandler, pictureBytes } from "./fake-image-servers";
import { buildTestApp, loginAs } from "./helpers";
import { validArticle } from "./newsroom-fixtures";

let fake: FakeServer;
let images: ReturnType<typeof createImageServerHandler>;
let app: FastifyInstance;
let editor: { authorization: string };
let author: { authorization: string };
let authorId: number;

const paceWindowMs = 1500;

beforeAll(async () => {
  const picture = await pictureBytes();
  images = createImageServerHandler({ picture, baseUrl: () => fake.url });
  fake = await startFakeServer(images.handler);
  app = await buildTestApp(
    { imageTimeoutMs: 10_000, imagePaceWindowMs: paceWindowMs, outboundTimeoutMs: 10_000 },
    {
      SD_URL: fake.url,
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_API_KEY: "test-key",
      DALLE_MAX_IMAGES_PER_MINUTE: "2",
    },
  );
  editor = await loginAs(app, "editor");
  author = await loginAs(app, "author");
  authorId = await userId(app, "author@aurumwire.test");
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
beforeEach(() => {
  images.state.mode = "ok";
});

async function newArticle(featuredImage: string | null = "/uploads/old-cover.jpg") {
  return insertArticle(app, {
    authorId,
    title: "Bitcoin miners move treasuries into cold storage after the halving",
    featuredImage,
  });
}

async function featuredImageOf(id: number): Promise<string | null> {
  const response = await app.inject({
    method: "GET",
    url: `/api/admin/articles/${id}`,
    headers: editor,
  });
  return response.json().article.featuredImage;
}

const generate = (id: number, query = "", headers = editor) =>
  app.inject({ method: "POST", url: `/api/articles/${id}/generate-image${query}`, headers });

describe("status", () => {
  it("reports Stable Diffusion with its loaded checkpoint, free", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/stable-diffusion/status",
      headers: author,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      configured: true,
      model: "sd_xl_base_1.0.safetensors",
      costPerImage: 0,
      quality: "high",
    });
  });

  it("reports DALL-E with its price, pace and this month's spend", async () => {
    const response = await app.inject({ method: "GET", url: "/api/dalle/status", headers: author });
    expect(response.json()).toMatchObject({
      configured: true,
      model: "dall-e-3",
      costPerImage: 0.04,
      quality: "standard",
      maxImagesPerMinute: 2,
      monthlyBudget: null,
    });
  });

  it("is for staff only", async () => {
    const response = await app.inject({ method: "GET", url: "/api/dalle/status" });
    expect(response.statusCode).toBe(401);
  });
});

describe("one image", () => {
  it("draws with Stable Diffusion by default, stores the srcset widths and sets the article's image", async () => {
    const article = await newArticle();
    const before = fake.requestsTo("/sdapi/v1/txt2img").length;
    const response = await generate(article.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      provider: "stable-diffusion",
      cost: 0,
      aiGenerated: true,
    });
    expect(body.featuredImage).toMatch(/^\/uploads\/articles\/.+-1200\.jpg$/);
    expect(body.srcset).toMatch(/-400\.jpg 400w, .*-800\.jpg 800w, .*-1200\.jpg 1200w$/);
    expect(await featuredImageOf(article.id)).toBe(body.featuredImage);
    const stored = await app.inject({ method: "GET", url: body.featuredImage });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["content-type"]).toBe("image/jpeg");

    const calls = fake.requestsTo("/sdapi/v1/txt2img");
    expect(calls.length).toBe(before + 1);
    const sent = JSON.parse(calls[calls.length - 1].body);
    expect(sent.prompt).toContain("Bitcoin miners move treasuries");
    expect(sent.prompt).toContain("No text");
    expect(sent.negative_prompt).toContain("logo");
    expect(body.prompt).toBe(sent.prompt);
  });

  it("draws with DALL-E when asked, with its price and revised prompt, from base64 and from a URL", async () => {
    for (const mode of ["ok", "url"] as const) {
      images.state.mode = mode;
      const article = await newArticle();
      const response = await generate(article.id, "?provider=dalle");
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        provider: "dalle",
        cost: 0.04,
        revisedPrompt: "A calm editorial illustration of a gold coin on a dark desk.",
      });
      expect(await featuredImageOf(article.id)).toBe(response.json().featuredImage);
    }
    const sent = JSON.parse(fake.requestsTo("/v1/images/generations").at(-1)!.body);
    expect(sent).toMatchObject({ model: "dall-e-3", n: 1, size: "1024x1024", quality: "standard" });
    const status = await app.inject({ method: "GET", url: "/api/dalle/status", headers: editor });
    expect(status.json().monthlySpend).toBeGreaterThanOrEqual(0.08);
  });

  it.each([
    ["server_error", "stable-diffusion", 502, "image_service_error"],
    ["bad_request", "dalle", 502, "image_rejected"],
    ["rate_limited", "stable-diffusion", 429, "image_rate_limited"],
    ["hang", "stable-diffusion", 504, "image_timeout"],
    ["malformed", "dalle", 502, "image_malformed_answer"],
    ["not_an_image", "stable-diffusion", 502, "image_not_usable"],
    ["too_large", "dalle", 502, "image_too_large"],
  ] as const)(
    "keeps the current image when the service fails: %s (%s)",
    async (mode, provider, status, code) => {
      images.state.mode = mode;
      const article = await newArticle();
      const response = await generate(article.id, `?provider=${provider}`);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
      expect(response.json().error).toContain("The article keeps its current image.");
      if (mode === "rate_limited") expect(response.headers["retry-after"]).toBe("7");
      expect(await featuredImageOf(article.id)).toBe("/uploads/old-cover.jpg");
    },
  );

  it("does not charge the month for a DALL-E call that failed before a picture", async () => {
    const spend = async () =>
      (await app.inject({ method: "GET", url: "/api/dalle/status", headers: editor })).json()
        .monthlySpend as number;
    const before = await spend();
    images.state.mode = "server_error";
    await generate((await newArticle()).id, "?provider=dalle");
    expect(await spend()).toBe(before);
  });

  it("answers 404 for an unknown article and 403 for another author's", async () => {
    const missing = await generate(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("Article not found");
    const adminArticle = await insertArticle(app, {
      authorId: await userId(app, "admin@aurumwire.test"),
      title: "An admin's article about Ethereum staking yields",
    });
    const response = await generate(adminArticle.id, "", author);
    expect(response.statusCode).toBe(403);
  });

  it("draws the branded cover on request, named as not AI", async () => {
    const article = await newArticle();
    const response = await generate(article.id, "?provider=branded-cover");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      provider: "branded-cover",
      aiGenerated: false,
      prompt: null,
      cost: 0,
    });
  });
});

describe("PUT /api/articles/{id} with generateImage", () => {
  it("saves the fields and sets a new image", async () => {
    const article = await newArticle();
    const response = await app.inject({
      method: "PUT",
      url: `/api/articles/${article.id}`,
      headers: editor,
      payload: { generateImage: true, useStableDiffusion: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.imageGenerated).toBe(true);
    expect(body.message).toMatch(/AI image/);
    expect(body.article.featuredImage).toMatch(/^\/uploads\/articles\//);
    expect(await featuredImageOf(article.id)).toBe(body.article.featuredImage);
  });

  it("saves the fields, keeps the image and says why when the service fails", async () => {
    images.state.mode = "server_error";
    const article = await newArticle();
    const response = await app.inject({
      method: "PUT",
      url: `/api/articles/${article.id}`,
      headers: editor,
      payload: {
        generateImage: true,
        useStableDiffusion: false,
        metaTitle: "Miners and cold storage",
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.imageGenerated).toBe(false);
    expect(body.message).toContain("DALL-E refused the request (500)");
    expect(body.article.metaTitle).toBe("Miners and cold storage");
    expect(body.article.featuredImage).toBe("/uploads/old-cover.jpg");
  });
});

describe("POST /api/articles with generateImage", () => {
  it("saves the article, then gives it an image", async () => {
    const [category] = await app.database.db.select().from(categories).limit(1);
    const response = await app.inject({
      method: "POST",
      url: "/api/articles",
      headers: author,
      payload: validArticle(category.id, { generateImage: true }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.imageGenerated).toBe(true);
    expect(body.article.featuredImage).toMatch(/^\/uploads\/articles\//);
    expect(await featuredImageOf(body.article.id)).toBe(body.article.featuredImage);
  });
});

describe("bulk", () => {
  it("answers a small batch when done, marking unknown articles failed", async () => {
    const first = await newArticle();
    const second = await newArticle();
    const response = await app.inject({
      method: "POST",
      url: "/api/stable-diffusion/bulk-generate",
      headers: editor,
      payload: { articleIds: [first.id, second.id, 999_998] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: "completed",
      total: 3,
      successful: 2,
      failed: 1,
      estimatedCost: 0,
    });
    expect(body.results[2]).toMatchObject({ articleId: 999_998, title: "Unknown", success: false });
    expect(body.results[2].error).toBe("Article not found");
    expect(await featuredImageOf(first.id)).toBe(body.results[0].imageUrl);
  });

  it("runs a large DALL-E batch as a job, paced to the per-minute limit instead of refused", async () => {
    const articles = await Promise.all(Array.from({ length: 5 }, () => newArticle()));
    const callsBefore = fake.requestsTo("/v1/images/generations").length;
    const response = await app.inject({
      method: "POST",
      url: "/api/dalle/bulk-generate",
      headers: editor,
      payload: { articleIds: articles.map((article) => article.id) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const first = response.json();
    expect(first).toMatchObject({ status: "running", total: 5, estimatedCost: 0.2 });
    await app.services.aiImages.settle(first.batchId);

    const done = await app.inject({
      method: "GET",
      url: `/api/image-batches/${first.batchId}`,
      headers: editor,
    });
    expect(done.json()).toMatchObject({ status: "completed", total: 5, successful: 5, failed: 0 });
    // No more than 2 calls started within any window: the third started a window after the first.
    const rows = await app.database.db
      .select({ createdAt: imageGenerations.createdAt })
      .from(imageGenerations)
      .where(eq(imageGenerations.batchId, first.batchId))
      .orderBy(imageGenerations.createdAt);
    const starts = rows.map((row) => row.createdAt.getTime());
    expect(starts).toHaveLength(5);
    for (let index = 2; index < starts.length; index += 1) {
      expect(starts[index] - starts[index - 2]).toBeGreaterThanOrEqual(paceWindowMs);
    }
    expect(fake.requestsTo("/v1/images/generations").length).toBe(callsBefore + 5);
    const listed = await app.inject({ method: "GET", url: "/api/image-batches", headers: editor });
    expect(listed.json().batches.map((batch: { batchId: number }) => batch.batchId)).toContain(
      first.batchId,
    );
  });

  it("can be cancelled: articles not started are left alone", async () => {
    const articles = await Promise.all(Array.from({ length: 6 }, () => newArticle()));
    const started = await app.inject({
      method: "POST",
      url: "/api/dalle/bulk-generate",
      headers: editor,
      payload: { articleIds: articles.map((article) => article.id) },
    });
    const { batchId } = started.json();
    const cancelled = await app.inject({
      method: "POST",
      url: `/api/image-batches/${batchId}/cancel`,
      headers: editor,
    });
    expect(cancelled.json().status).toBe("cancelled");
    await app.services.aiImages.settle(batchId);
    const after = await app.inject({
      method: "GET",
      url: `/api/image-batches/${batchId}`,
      headers: editor,
    });
    const body = after.json();
    expect(body.status).toBe("cancelled");
    expect(body.successful).toBeLessThan(6);
    const untouched = body.results.filter(
      (item: { status: string }) => item.status === "cancelled",
    );
    expect(untouched.length).toBeGreaterThan(0);
    for (const item of untouched) {
      expect(await featuredImageOf(item.articleId)).toBe("/uploads/old-cover.jpg");
    }
  });

  it("refuses an empty or oversized list with a clear message", async () => {
    const empty = await app.inject({
      method: "POST",
      url: "/api/stable-diffusion/bulk-generate",
      headers: editor,
      payload: { articleIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain("Choose at least one article");
  });
});
