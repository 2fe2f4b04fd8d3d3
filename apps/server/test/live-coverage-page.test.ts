import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebLoadContext } from "../src/lib/web-app/load-context";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory } from "./newsroom-fixtures";

/**
 * Live coverage on cached pages (decision 236): the article page is rendered on the server from
 * the loader services (`liveCoverage.forArticle`, `liveCoverage.liveArticleIds`) and kept by the
 * page cache; every change to the coverage drops that article's pages by tag, so the next reader
 * gets the change without waiting for the cache's lifetime, and other articles' pages stay.
 * The built web app is not there in unit tests: a stand-in renders what the real loaders read.
 */
const renders = new Map<string, number>();

async function standInWebApp(request: Request, context: WebLoadContext): Promise<Response> {
  const url = new URL(request.url);
  renders.set(url.pathname, (renders.get(url.pathname) ?? 0) + 1);
  const { articles, liveCoverage } = context.services;
  const live = new Set(await liveCoverage.liveArticleIds());
  const slug = /^\/article\/([^/]+)$/.exec(url.pathname)?.[1];
  let body = "";
  if (slug) {
    const article = await articles.get(slug);
    const coverage = await liveCoverage.forArticle(article.id);
    body = `<h1>${article.title}</h1>${
      coverage
        ? `<section data-live="${coverage.coverage.live}">${coverage.updates
            .map((update) => `<article>${update.content}</article>`)
            .join("")}</section>`
        : "<p>not live coverage</p>"
    }`;
  } else {
    const list = await articles.list({ page: 1, limit: 10 });
    body = list.articles
      .map((item) => `<li>${item.title}${live.has(item.id) ? " [Live]" : ""}</li>`)
      .join("");
  }
  return new Response(`<!doctype html><html><body>${body}</body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}

describe("live coverage on the cached pages", () => {
  let app: FastifyInstance;
  let editor: { authorization: string };
  let hearing: { id: number; slug: string };
  let other: { id: number; slug: string };

  beforeAll(async () => {
    app = await buildTestApp(
      { pageCacheTtlSeconds: 600 },
      {},
      { web: { handleRequest: standInWebApp } },
    );
    editor = await loginAs(app, "editor");
    const category = await createCategory(app, editor);
    hearing = await createArticle(app, editor, category.id, {
      title: "Senate hearing on stablecoins",
      status: "published",
    });
    other = await createArticle(app, editor, category.id, {
      title: "A quiet week for miners",
      status: "published",
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = async (path: string) => {
    const response = await app.inject({ method: "GET", url: path });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const write = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    app.inject({ method, url, headers: editor, payload });

  it("shows each change on the next request although the page is cached", async () => {
    const articlePath = `/article/${hearing.slug}`;
    expect(await page(articlePath)).toContain("not live coverage");
    expect(await page("/")).not.toContain("[Live]");
    const cachedRenders = renders.get(articlePath);
    await page(articlePath);
    expect(renders.get(articlePath)).toBe(cachedRenders);

    expect(
      (await write("POST", `/api/articles/${hearing.id}/live`, { live: true })).statusCode,
    ).toBe(200);
    expect(await page(articlePath)).toContain('data-live="true"');
    expect(await page("/")).toContain("Senate hearing on stablecoins [Live]");
    // Starting and ending drop the lists (the cards' badge); updates drop only this article.
    await page(`/article/${other.slug}`);
    const otherRenders = renders.get(`/article/${other.slug}`);

    const posted = await write("POST", `/api/articles/${hearing.id}/live-updates`, {
      content: "<p>The chair opens the hearing.</p>",
    });
    expect(posted.statusCode).toBe(201);
    const second = await write("POST", `/api/articles/${hearing.id}/live-updates`, {
      content: "<p>First witness sworn in.</p>",
    });
    let body = await page(articlePath);
    // Newest first.
    expect(body.indexOf("First witness")).toBeLessThan(body.indexOf("The chair opens"));

    const updateId = second.json().update.id;
    await write("PUT", `/api/articles/${hearing.id}/live-updates/${updateId}`, {
      content: "<p>First two witnesses sworn in.</p>",
    });
    expect(await page(articlePath)).toContain("First two witnesses sworn in.");
    await write("DELETE", `/api/articles/${hearing.id}/live-updates/${updateId}`);
    body = await page(articlePath);
    expect(body).not.toContain("witnesses");
    expect(body).toContain("The chair opens the hearing.");

    // An update drops only that article's pages: the other article's page stays cached.
    await page(`/article/${other.slug}`);
    expect(renders.get(`/article/${other.slug}`)).toBe(otherRenders);

    expect(
      (await write("POST", `/api/articles/${hearing.id}/live`, { live: false })).statusCode,
    ).toBe(200);
    expect(await page(articlePath)).toContain('data-live="false"');
    expect(await page("/")).not.toContain("[Live]");
  });
});
