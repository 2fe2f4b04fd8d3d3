import { createServer } from "node:net";
import type { PartnerPushView } from "@aurumwire/shared/partners";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { AppConfig } from "../../src/config";
import { categories, partnerPushes, users } from "../../src/db/schema";
import { insertArticle, userId } from "../article-fixtures";
import { buildTestApp, demo, loginAs } from "../helpers";
import { multipartBody, sampleImage } from "../newsroom-fixtures";

/**
 * What the WordPress and the Ghost contract suites share (decision 174): a free port for the
 * partner, our app on a test clock that may reach the partner on 127.0.0.1, and the newsroom's
 * moves (connect a partner, upload an image, write an article, send it, read the push row).
 */

export const hour = 3_600_000;
export const publicUrl = "https://aurumwire.example";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `ready` until it answers true; fails with `what` when `gone()` or the deadline says so. */
export async function waitUntil(
  ready: () => Promise<boolean>,
  options: { deadlineMs: number; gone: () => boolean; what: () => string },
) {
  const deadline = Date.now() + options.deadlineMs;
  for (;;) {
    if (await ready().catch(() => false)) return;
    if (options.gone() || Date.now() > deadline) throw new Error(options.what());
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A push as our API answers it (the fields a suite reads are there once it was tried). */
export type SentPush = Omit<PartnerPushView, "error" | "remoteId" | "slotAt"> & {
  error?: string;
  remoteId: string;
  slotAt: string;
};

export interface PartnerSuite {
  app: FastifyInstance;
  /** The partner clock our app runs on: a test moves it forward. */
  clock: number;
  authorId: number;
  authorName: string;
  category: { id: number; name: string };
  api(method: "GET" | "POST", url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** A connection (admin), answering its id; `fields` are the platform's own (url, secret...). */
  connect(
    fields: { kind: string; url: string; secret: string; username?: string },
    postStatus?: string,
  ): Promise<number>;
  uploadImage(): Promise<string>;
  article(values?: object): ReturnType<typeof insertArticle>;
  send(articleId: number, partnerId: number): Promise<SentPush>;
  pushRow(id: number): Promise<typeof partnerPushes.$inferSelect>;
  close(): Promise<void>;
}

export async function startPartnerSuite(overrides: Partial<AppConfig> = {}): Promise<PartnerSuite> {
  const suite = { clock: Date.now() } as PartnerSuite;
  const app = await buildTestApp(
    { partnerClock: () => suite.clock, publicUrl, outboundTimeoutMs: 15_000, ...overrides },
    // The partner runs on this machine: staff-set addresses may reach it (decision 220).
    { OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32" },
  );
  const admin = await loginAs(app, "admin");
  const authorId = await userId(app, demo.author.email);
  const [author] = await app.database.db.select().from(users).where(eq(users.id, authorId));
  const [category] = await app.database.db.select().from(categories).limit(1);
  const api: PartnerSuite["api"] = (method, url, payload) =>
    app.inject({
      method,
      url: `/api/aurumwire${url}`,
      headers: admin,
      ...(payload ? { payload } : {}),
    });
  return Object.assign(suite, {
    app,
    authorId,
    authorName: `${author.firstName} ${author.lastName}`.trim(),
    category,
    api,
    async connect(fields: { kind: string; url: string; secret: string }, postStatus = "pending") {
      const response = await api("POST", "/partners", {
        name: `${fields.kind} ${Math.random().toString(36).slice(2, 7)}`,
        postStatus,
        maxArticles: 50,
        ...fields,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.partner.id as number;
    },
    async uploadImage() {
      const body = multipartBody(await sampleImage("png", 640, 400), {
        filename: "chart.png",
        contentType: "image/png",
      });
      const response = await app.inject({
        method: "POST",
        url: "/api/articles/upload",
        headers: { ...admin, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().url as string;
    },
    article(values: object = {}) {
      return insertArticle(app, {
        authorId,
        publishedAt: new Date(suite.clock - hour),
        tags: ["Bitcoin ETF", "Markets"],
        categoryId: category.id,
        ...values,
      });
    },
    async send(articleId: number, partnerId: number) {
      return (await api("POST", `/onboard/${articleId}`, { partnerId })).json().data.push;
    },
    async pushRow(id: number) {
      const [row] = await app.database.db
        .select()
        .from(partnerPushes)
        .where(eq(partnerPushes.id, id));
      return row;
    },
    async close() {
      await app.close();
    },
  });
}
