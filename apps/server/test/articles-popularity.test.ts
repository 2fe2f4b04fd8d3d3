import { describe, expect, it } from "vitest";
import { insertArticle } from "./article-fixtures";
import {
  adminId,
  app,
  desk,
  editorHeaders,
  hour,
  readerHeaders,
  useReadingDesk,
} from "./articles-read-setup";

useReadingDesk();

describe("trending, featured, popular and related", () => {
  it("lists featured public articles, newest first", async () => {
    const response = await app.inject({ method: "GET", url: "/api/articles/featured?limit=3" });
    expect(response.statusCode).toBe(200);
    const { articles } = response.json();
    expect(articles).toHaveLength(3);
    for (const article of articles) expect(article.isFeatured).toBe(true);
    const dates = articles.map((a: { publishedAt: string }) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("ranks popular by views within the timeframe and trending by recent views", async () => {
    const quiet = await insertArticle(app, {
      authorId: adminId,
      title: "A quiet article nobody reads",
    });
    const busy = await insertArticle(app, {
      authorId: adminId,
      title: "A busy article everyone reads",
      publishedAt: new Date(Date.now() - 20 * 24 * hour),
    });
    for (let index = 0; index < 5; index += 1) {
      await app.inject({
        method: "POST",
        url: `/api/articles/${busy.id}/view`,
        headers: { "x-session-id": `popular-session-${index}` },
        remoteAddress: `10.20.0.${index + 1}`,
      });
    }
    app.services.pageCache.invalidate();
    const popular = (
      await app.inject({ method: "GET", url: "/api/articles/popular?timeframe=day&limit=5" })
    ).json();
    expect(popular.articles[0].id).toBe(busy.id);
    const trending = (
      await app.inject({ method: "GET", url: "/api/articles/trending?limit=5" })
    ).json();
    expect(trending.articles[0].id).toBe(busy.id);
    expect(trending.articles.map((a: { id: number }) => a.id)).not.toContain(-1);
    expect(quiet.id).toBeGreaterThan(0);
    const bad = await app.inject({ method: "GET", url: "/api/articles/popular?timeframe=year" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.timeframe).toBe("timeframe must be day, week or month");
  });

  it("answers related articles with relevanceScore and matchReason", async () => {
    const source = await insertArticle(app, {
      authorId: adminId,
      categoryId: desk.id,
      title: "Pangolin custody rules for exchanges",
      tags: ["pangolin", "custody-rules"],
    });
    const strong = await insertArticle(app, {
      authorId: adminId,
      categoryId: desk.id,
      title: "Pangolin custody rules, part two",
      tags: ["pangolin", "custody-rules"],
    });
    const weak = await insertArticle(app, {
      authorId: adminId,
      title: "Something else that mentions pangolin once",
      tags: ["pangolin"],
    });
    const response = await app.inject({ method: "GET", url: `/api/articles/${source.id}/related` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.algorithm).toBeTruthy();
    expect(new Date(body.computed_at).getTime()).not.toBeNaN();
    expect(body.articles).toHaveLength(6); // filled with the latest when few are related
    expect(body.articles[0].id).toBe(strong.id);
    expect(body.articles[0].matchReason).toContain("Shared tags: custody-rules, pangolin");
    expect(body.articles[0].matchReason).toContain("Same category: Test Desk");
    expect(body.articles[1].id).toBe(weak.id);
    expect(body.articles[0].relevanceScore).toBeGreaterThan(body.articles[1].relevanceScore);
    expect(body.articles.map((a: { id: number }) => a.id)).not.toContain(source.id);
    const limited = (
      await app.inject({ method: "GET", url: `/api/articles/${source.slug}/related?limit=2` })
    ).json();
    expect(limited.articles).toHaveLength(2);
    const missing = await app.inject({ method: "GET", url: "/api/articles/999999/related" });
    expect(missing.statusCode).toBe(404);
  });
});

describe("views and likes", () => {
  it("counts a view once per visitor as the server sees it, whatever X-Session-ID says", async () => {
    const article = await insertArticle(app, {
      authorId: adminId,
      title: "Counting views carefully",
    });
    const view = (session: string, remoteAddress = "10.30.0.1", agent = "Mozilla/5.0 Reader") =>
      app.inject({
        method: "POST",
        url: `/api/articles/${article.id}/view`,
        headers: { "x-session-id": session, "user-agent": agent },
        remoteAddress,
      });
    const first = await view("session-aaaaaaaa");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      counted: true,
      viewCount: 1,
      viewToken: expect.any(String),
    });
    // Made-up session ids from one reader (issue 17 moved an article to #1 this way).
    const forged = await Promise.all(
      Array.from({ length: 30 }, (_, index) => view(`forged-session-${index}`)),
    );
    expect(forged.filter((response) => response.json().counted)).toHaveLength(0);
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => view("session-bbbbbbbb", "10.30.0.2")),
    );
    expect(concurrent.filter((response) => response.json().counted)).toHaveLength(1);
    const others = await Promise.all(
      Array.from({ length: 5 }, (_, index) => view("same-session", `10.30.1.${index}`)),
    );
    expect(others.every((response) => response.json().counted)).toBe(true);
    const [row] = await app.database.db.query.articles.findMany({
      where: (table, { eq }) => eq(table.id, article.id),
    });
    expect(row.viewCount).toBe(7);
  });

  it("keeps an anonymous reader one visitor through a signed cookie, and ignores a forged one", async () => {
    const article = await insertArticle(app, { authorId: adminId, title: "A cookie-counted read" });
    const view = (remoteAddress: string, cookie?: string) =>
      app.inject({
        method: "POST",
        url: `/api/articles/${article.id}/view`,
        headers: {
          "x-session-id": "session-cookie-1",
          "user-agent": "Mozilla/5.0 Phone",
          ...(cookie ? { cookie } : {}),
        },
        remoteAddress,
      });
    const first = await view("10.31.0.1");
    expect(first.json().counted).toBe(true);
    const setCookie = String(first.headers["set-cookie"]);
    expect(setCookie).toMatch(/^aw_vid=[\w-]{22}\.[\w-]{22}; Path=\/api\/articles; .*HttpOnly/);
    const cookie = setCookie.split(";")[0];
    // The same reader on another network (a phone leaving the Wi-Fi) is still the same visitor.
    expect((await view("10.31.0.2", cookie)).json().counted).toBe(false);
    // A cookie with a signature we did not make is no visitor id.
    const forged = `aw_vid=${"a".repeat(22)}.${"b".repeat(22)}`;
    expect((await view("10.31.0.3", forged)).json().counted).toBe(true);
    expect((await view("10.31.0.3", forged)).json().counted).toBe(false);
  });

  it("does not count known bots or clients without a user agent", async () => {
    const article = await insertArticle(app, { authorId: adminId, title: "Read by robots only" });
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "curl/8.5.0",
      "python-requests/2.31",
      "",
    ]) {
      const response = await app.inject({
        method: "POST",
        url: `/api/articles/${article.id}/view`,
        headers: { "x-session-id": "session-robot-1", "user-agent": agent },
        remoteAddress: "10.32.0.1",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ counted: false, viewCount: 0 });
    }
  });

  it("counts at most 60 anonymous views an hour from one address", async () => {
    const article = await insertArticle(app, {
      authorId: adminId,
      title: "A ranking worth gaming",
    });
    const responses = [];
    for (let index = 0; index < 70; index++) {
      responses.push(
        await app.inject({
          method: "POST",
          url: `/api/articles/${article.id}/view`,
          headers: {
            "x-session-id": "session-gaming-1",
            "user-agent": `Mozilla/5.0 Agent-${index}`,
          },
          remoteAddress: "10.33.0.1",
        }),
      );
    }
    expect(responses.filter((response) => response.json().counted)).toHaveLength(60);
    expect(responses.at(-1)?.json().viewCount).toBe(60);
  });

  it("requires a sensible X-Session-ID and a public article", async () => {
    const article = await insertArticle(app, { authorId: adminId });
    const missing = await app.inject({ method: "POST", url: `/api/articles/${article.id}/view` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("validation_failed");
    const bad = await app.inject({
      method: "POST",
      url: `/api/articles/${article.id}/view`,
      headers: { "x-session-id": "<script>" },
    });
    expect(bad.statusCode).toBe(400);
    const draft = await insertArticle(app, {
      authorId: adminId,
      status: "draft",
      publishedAt: null,
    });
    const onDraft = await app.inject({
      method: "POST",
      url: `/api/articles/${draft.id}/view`,
      headers: { "x-session-id": "session-cccccccc" },
    });
    expect(onDraft.statusCode).toBe(404);
  });

  it("lets a signed-in user like and unlike, once", async () => {
    const article = await insertArticle(app, {
      authorId: adminId,
      title: "An article worth liking",
    });
    const url = `/api/articles/${article.id}/like`;
    const anonymous = await app.inject({ method: "POST", url });
    expect(anonymous.statusCode).toBe(401);
    const liked = await app.inject({ method: "POST", url, headers: readerHeaders });
    expect(liked.json()).toEqual({ liked: true, likeCount: 1 });
    const other = await app.inject({ method: "POST", url, headers: editorHeaders });
    expect(other.json()).toEqual({ liked: true, likeCount: 2 });
    const state = await app.inject({ method: "GET", url, headers: readerHeaders });
    expect(state.json()).toEqual({ liked: true, likeCount: 2 });
    const unliked = await app.inject({ method: "POST", url, headers: readerHeaders });
    expect(unliked.json()).toEqual({ liked: false, likeCount: 1 });
    const anonymousState = await app.inject({ method: "GET", url });
    expect(anonymousState.json()).toEqual({ liked: false, likeCount: 1 });
  });
});
