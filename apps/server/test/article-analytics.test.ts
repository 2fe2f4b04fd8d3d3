import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleDailyStats, articleHourlyStats } from "../src/db/schema";
import { createAnalyticsRepository } from "../src/modules/analytics/repository";
import { insertArticle, insertCategory, userId } from "./article-fixtures";
import { buildTestApp, loginAs, openTestDatabase } from "./helpers";

let app: FastifyInstance;
let adminHeaders: { authorization: string };
let editorHeaders: { authorization: string };
let authorHeaders: { authorization: string };
let readerHeaders: { authorization: string };
let adminId: number;
let authorId: number;

beforeAll(async () => {
  // The interval never fires during the test: every write below is an explicit flush or close.
  app = await buildTestApp({ analyticsFlushMs: 600_000 });
  adminHeaders = await loginAs(app, "admin");
  editorHeaders = await loginAs(app, "editor");
  authorHeaders = await loginAs(app, "author");
  readerHeaders = await loginAs(app, "reader");
  adminId = await userId(app, "admin@aurumwire.test");
  authorId = await userId(app, "author@aurumwire.test");
});

afterAll(async () => {
  await app?.close();
});

const browser = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36";

function view(
  target: FastifyInstance,
  articleId: number,
  visitor: { address: string; agent?: string; body?: Record<string, string | undefined> },
) {
  return target.inject({
    method: "POST",
    url: `/api/articles/${articleId}/view`,
    headers: { "x-session-id": "tab-session-1", "user-agent": visitor.agent ?? browser },
    remoteAddress: visitor.address,
    ...(visitor.body ? { payload: visitor.body } : {}),
  });
}

function reading(articleId: number, payload: Record<string, unknown>) {
  return app.inject({ method: "POST", url: `/api/articles/${articleId}/reading`, payload });
}

function analyticsOf(articleId: number | string, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url: `/api/articles/${articleId}/analytics`, headers });
}

describe("article analytics from a known sequence of views and reading events", () => {
  it("counts views, sources, read-throughs and time on page once each; bots and repeats not", async () => {
    const desk = await insertCategory(app, { name: "Analytics Desk", slug: "analytics-desk" });
    const article = await insertArticle(app, {
      authorId,
      categoryId: desk.id,
      title: "Analytics of a well-read story",
    });
    const visitors = [
      { address: "10.60.0.1", body: { referrer: "https://www.google.com/search?q=secret" } },
      { address: "10.60.0.2", body: { referrer: "https://t.co/abc" } },
      { address: "10.60.0.3" },
      { address: "10.60.0.4", body: { referrer: "", utmSource: "newsletter" } },
      { address: "10.60.0.5", body: { referrer: "https://partner.example/markets/today" } },
      { address: "10.60.0.6", body: { referrer: "http://localhost/category/markets" } },
    ];
    const tokens: string[] = [];
    for (const visitor of visitors) {
      const response = await view(app, article.id, visitor);
      expect(response.statusCode).toBe(200);
      expect(response.json().counted).toBe(true);
      tokens.push(response.json().viewToken);
    }
    // A bot and a repeat reader: not counted, no token.
    const bot = await view(app, article.id, {
      address: "10.60.0.7",
      agent: "Mozilla/5.0 (compatible; Googlebot/2.1)",
      body: { referrer: "https://www.google.com/" },
    });
    expect(bot.json()).toMatchObject({ counted: false });
    expect(bot.json().viewToken).toBeUndefined();
    const repeat = await view(app, article.id, visitors[0]);
    expect(repeat.json().counted).toBe(false);
    expect(repeat.json().viewToken).toBeUndefined();

    // Read-throughs: once per counted view; replays, forged tokens and tokens of another article
    // move nothing.
    expect((await reading(article.id, { event: "read-through", token: tokens[0] })).json()).toEqual(
      {
        counted: true,
      },
    );
    expect((await reading(article.id, { event: "read-through", token: tokens[0] })).json()).toEqual(
      {
        counted: false,
      },
    );
    expect((await reading(article.id, { event: "read-through", token: tokens[1] })).json()).toEqual(
      {
        counted: true,
      },
    );
    const forged = `${tokens[2].slice(0, -3)}abc`;
    expect((await reading(article.id, { event: "read-through", token: forged })).json()).toEqual({
      counted: false,
    });
    expect(
      (await reading(article.id + 1, { event: "read-through", token: tokens[3] })).json(),
    ).toEqual({ counted: false });
    // Time on page: 5 s, 45 s and 400 s, once per view.
    for (const [index, seconds] of [
      [0, 5],
      [1, 45],
      [2, 400],
      [2, 20],
    ] as const) {
      await reading(article.id, { event: "time-on-page", token: tokens[index], seconds });
    }
    const badEvent = await reading(article.id, { event: "time-on-page", token: tokens[4] });
    expect(badEvent.statusCode).toBe(400);

    // Nothing was written on the request path: the rows come with the flush.
    const before = await app.database.db.select().from(articleHourlyStats);
    expect(before.filter((row) => row.articleId === article.id)).toHaveLength(0);
    await app.services.analytics.flush();
    const hourly = (await app.database.db.select().from(articleHourlyStats)).filter(
      (row) => row.articleId === article.id,
    );
    expect(hourly.reduce((sum, row) => sum + row.views, 0)).toBe(6);
    const daily = (await app.database.db.select().from(articleDailyStats)).filter(
      (row) => row.articleId === article.id,
    );
    expect(daily.reduce((sum, row) => sum + row.readThroughs, 0)).toBe(2);

    const response = await analyticsOf(article.id, authorHeaders);
    expect(response.statusCode).toBe(200);
    const { analytics } = response.json();
    expect(analytics).toMatchObject({ articleId: article.id, views: 6, likes: 0 });
    const details = analytics.details;
    expect(details.uniqueReaders).toBe(6);
    expect(details.trackedViews).toBe(6);
    expect(
      details.viewsByHour.reduce((sum: number, row: { views: number }) => sum + row.views, 0),
    ).toBe(6);
    expect(details.viewsByHour.length).toBeGreaterThanOrEqual(1);
    expect(details.viewsByHour.length).toBeLessThanOrEqual(2);
    expect(details.viewsByDay).toEqual([]);
    expect(details.referrers).toEqual(
      expect.arrayContaining([
        { source: "search", host: "google.com", views: 1 },
        { source: "social", host: "t.co", views: 1 },
        { source: "direct", host: "", views: 1 },
        { source: "newsletter", host: "", views: 1 },
        { source: "sites", host: "partner.example", views: 1 },
        { source: "internal", host: "", views: 1 },
      ]),
    );
    expect(details.referrers).toHaveLength(6);
    expect(details.readThrough).toEqual({ reads: 2, share: 2 / 6 });
    expect(details.timeOnPage.reports).toBe(3);
    expect(details.timeOnPage.averageSeconds).toBe(150);
    expect(
      Object.fromEntries(
        details.timeOnPage.buckets.map((bucket: { key: string; count: number }) => [
          bucket.key,
          bucket.count,
        ]),
      ),
    ).toEqual({ under10s: 1, from10to30s: 0, from30to60s: 1, from1to3m: 0, over3m: 1 });
    const trending = (
      await app.inject({ method: "GET", url: "/api/articles/trending?limit=50" })
    ).json().articles as Array<{ id: number }>;
    const position = trending.findIndex((candidate) => candidate.id === article.id);
    expect(details.trendingPosition).toBe(position === -1 ? null : position + 1);

    // The dashboard home: the author's own figures include this article's views today.
    const overview = await app.inject({
      method: "GET",
      url: "/api/analytics/overview",
      headers: authorHeaders,
    });
    expect(overview.statusCode).toBe(200);
    const figures = overview.json();
    expect(figures.scope).toBe("own");
    expect(figures.today.views).toBe(6);
    expect(figures.today.readThroughs).toBe(2);
    expect(figures.viewsByDay).toHaveLength(30);
    expect(figures.viewsByDay.at(-1)).toEqual({ day: figures.today.day, views: 6 });
    expect(figures.topToday[0]).toMatchObject({ id: article.id, views: 6 });
    expect(figures.topCategories[0]).toMatchObject({
      id: desk.id,
      name: "Analytics Desk",
      views: 6,
    });
    expect(figures.topReferrers).toHaveLength(6);
  });
});

describe("who may read article analytics", () => {
  it("gives public counts to everyone, details to the author, editors and admins, 404 otherwise", async () => {
    const published = await insertArticle(app, { authorId, title: "An author's public story" });
    const draft = await insertArticle(app, {
      authorId,
      title: "An author's unfinished draft",
      status: "draft",
      publishedAt: null,
    });
    const othersDraft = await insertArticle(app, {
      authorId: adminId,
      title: "The admin's own unfinished draft",
      status: "draft",
      publishedAt: null,
    });

    for (const headers of [{}, readerHeaders]) {
      const response = await analyticsOf(published.id, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().analytics).toEqual({
        articleId: published.id,
        title: published.title,
        views: 0,
        likes: 0,
        details: null,
      });
      expect((await analyticsOf(draft.id, headers)).statusCode).toBe(404);
    }
    for (const headers of [authorHeaders, editorHeaders, adminHeaders]) {
      for (const article of [published, draft]) {
        const response = await analyticsOf(article.id, headers);
        expect(response.statusCode).toBe(200);
        expect(response.json().analytics.details).not.toBeNull();
      }
    }
    // An author sees only public counts of another author's article, and not their drafts.
    const adminsPublished = await insertArticle(app, { authorId: adminId, title: "Admin story" });
    expect((await analyticsOf(adminsPublished.id, authorHeaders)).json().analytics.details).toBe(
      null,
    );
    expect((await analyticsOf(othersDraft.id, authorHeaders)).statusCode).toBe(404);
    expect((await analyticsOf(othersDraft.id, editorHeaders)).statusCode).toBe(200);

    const unknown = await analyticsOf(999_999, adminHeaders);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("article_not_found");
  });

  it("shows the site-wide overview to staff only, scoped to their own articles for authors", async () => {
    expect((await app.inject({ method: "GET", url: "/api/analytics/overview" })).statusCode).toBe(
      401,
    );
    const reader = await app.inject({
      method: "GET",
      url: "/api/analytics/overview",
      headers: readerHeaders,
    });
    expect(reader.statusCode).toBe(403);
    const other = await insertArticle(app, {
      authorId: adminId,
      title: "Admin's story read today",
    });
    await view(app, other.id, { address: "10.61.0.1" });
    await app.services.analytics.flush();
    const editor = (
      await app.inject({ method: "GET", url: "/api/analytics/overview", headers: editorHeaders })
    ).json();
    expect(editor.scope).toBe("site");
    expect(editor.topToday.map((row: { id: number }) => row.id)).toContain(other.id);
    const author = (
      await app.inject({ method: "GET", url: "/api/analytics/overview", headers: authorHeaders })
    ).json();
    expect(author.topToday.map((row: { id: number }) => row.id)).not.toContain(other.id);
  });

  it("refuses malformed reading events with a clear 400", async () => {
    const response = await reading(1, { event: "scrolled", token: "x".repeat(20) });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("validation_failed");
  });
});

describe("top articles over several days", () => {
  it("is exact whether each day's leaders decide the list or every article must be summed", async () => {
    // Day 1 led by 50 articles (A), day 2 by 50 others (B), 100 views each; X is never among a
    // day's leaders (99 views both days) yet has the most over the two days.
    const make = (title: string) => insertArticle(app, { authorId, title });
    const leadersOne = await Promise.all(
      Array.from({ length: 50 }, (_, i) => make(`Leader A ${i}`)),
    );
    const leadersTwo = await Promise.all(
      Array.from({ length: 50 }, (_, i) => make(`Leader B ${i}`)),
    );
    const steady = await make("The steady reader favourite");
    const row = (articleId: number, day: string, views: number) => ({ articleId, day, views });
    await app.database.db.insert(articleDailyStats).values([
      ...leadersOne.map((article) => row(article.id, "2020-01-01", 100)),
      ...leadersTwo.map((article) => row(article.id, "2020-01-02", 100)),
      row(steady.id, "2020-01-01", 99),
      row(steady.id, "2020-01-02", 99),
      // A third day where A's leaders read twice as much: the leaders decide the list.
      ...leadersOne.map((article) => row(article.id, "2020-01-03", 200)),
      row(steady.id, "2020-01-03", 1),
    ]);
    const repository = createAnalyticsRepository(app.database.db);
    const twoDays = await repository.topArticles("all", "2020-01-01", "2020-01-02", 10);
    expect(twoDays[0]).toMatchObject({ id: steady.id, views: 198 });
    expect(twoDays).toHaveLength(10);
    const lastTwo = await repository.topArticles("all", "2020-01-02", "2020-01-03", 10);
    expect(lastTwo.map((article) => article.views)).toEqual(Array(10).fill(200));
    expect(lastTwo.every((article) => leadersOne.some((leader) => leader.id === article.id))).toBe(
      true,
    );
    const ownOnly = await repository.topArticles({ authorId }, "2020-01-01", "2020-01-02", 3);
    expect(ownOnly[0]).toMatchObject({ id: steady.id, views: 198 });
  });
});

describe("batched writes and a clean stop", () => {
  it("writes every counted view still in the buffer when the server stops cleanly", async () => {
    // One database, two servers in turn: a clean stop, then a start on what it left. (A data
    // folder on disk costs initdb, migrations and seeding twice: over 120 s at a load of 40.)
    const database = await openTestDatabase({ analyticsFlushMs: 600_000 });
    try {
      const first = await database.start();
      const author = await userId(first, "author@aurumwire.test");
      const article = await insertArticle(first, { authorId: author, title: "Read before a stop" });
      for (let index = 1; index <= 5; index += 1)
        expect(
          (await view(first, article.id, { address: `10.62.0.${index}` })).json().counted,
        ).toBe(true);
      expect(first.services.analytics.pendingCount()).toBeGreaterThan(0);
      await first.close();

      const second = await database.start();
      try {
        const headers = await loginAs(second, "author");
        const response = await second.inject({
          method: "GET",
          url: `/api/articles/${article.id}/analytics`,
          headers,
        });
        expect(response.json().analytics.views).toBe(5);
        expect(response.json().analytics.details.trackedViews).toBe(5);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });
});
