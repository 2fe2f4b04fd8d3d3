import { beforeAll, describe, expect, it } from "vitest";
import { insertArticle } from "./article-fixtures";
import { adminId, app, hour, list, useReadingDesk } from "./articles-read-setup";

useReadingDesk();

describe("search", () => {
  let titleHit: number;
  let excerptHit: number;
  let bodyHit: number;

  beforeAll(async () => {
    bodyHit = (
      await insertArticle(app, {
        authorId: adminId,
        title: "Weekly roundup of several desks",
        content: `<p>${"Filler words about markets. ".repeat(20)} The <strong>quokkanomics</strong> idea &amp; its &lt;risks&gt; are mentioned once here.</p>`,
        publishedAt: new Date(Date.now() - 1000),
      })
    ).id;
    excerptHit = (
      await insertArticle(app, {
        authorId: adminId,
        title: "Another unrelated headline for the test",
        excerpt: "A summary that talks about quokkanomics and what it means for readers.",
        publishedAt: new Date(Date.now() - 2 * hour),
      })
    ).id;
    titleHit = (
      await insertArticle(app, {
        authorId: adminId,
        title: "Quokkanomics explained for beginners",
        publishedAt: new Date(Date.now() - 3 * hour),
      })
    ).id;
  });

  it("ranks title matches above excerpt matches above body matches", async () => {
    const response = await list("search=quokkanomics");
    expect(response.statusCode).toBe(200);
    const ids = response.json().articles.map((a: { id: number }) => a.id);
    expect(ids).toEqual([titleHit, excerptHit, bodyHit]);
    expect(response.json().pagination.total).toBe(3);
  });

  it("gives each result a text snippet around its first match, from the body only when needed", async () => {
    type Part = { text: string; match: boolean };
    type Result = { id: number; title: string; excerpt: string; highlight?: Part[] };
    const results: Result[] = (await list("search=quokkanomics")).json().articles;
    const byId = new Map(results.map((article) => [article.id, article]));
    const text = (id: number) => (byId.get(id)?.highlight ?? []).map((part) => part.text).join("");
    const marked = (id: number) =>
      (byId.get(id)?.highlight ?? []).filter((part) => part.match).map((part) => part.text);

    // Title and excerpt hits: the excerpt, with the word marked wherever it stands.
    expect(text(excerptHit)).toBe(byId.get(excerptHit)?.excerpt);
    expect(marked(excerptHit)).toEqual(["quokkanomics"]);
    expect(marked(titleHit)).toEqual(["Quokkanomics"]);
    // The body hit: its body text around the word, cut with "…", tags gone, entities decoded
    // (the client renders text, so "<risks>" is shown as typed, not as markup).
    expect(marked(bodyHit)).toEqual(["quokkanomics"]);
    expect(text(bodyHit)).toMatch(
      /^….* The quokkanomics idea & its <risks> are mentioned once here\.$/,
    );
    expect(text(bodyHit)).not.toContain("<strong>");
    expect(text(bodyHit).length).toBeLessThanOrEqual(222);
  });

  it("answers no snippet without a search, and the excerpt's start when no word is in the text", async () => {
    const plain = (await list("limit=5")).json();
    expect(plain.articles.length).toBeGreaterThan(0);
    for (const article of plain.articles) expect(article).not.toHaveProperty("highlight");
    // A typo finds the title by trigram similarity; nothing can be marked, the excerpt stands in.
    const typo = (await list("search=quokanomics")).json();
    const hit = typo.articles.find((article: { id: number }) => article.id === titleHit);
    expect(hit.highlight).toEqual([{ text: hit.excerpt, match: false }]);
  });

  it("counts every match of a search on every page, and past the last one", async () => {
    const second = (await list("search=quokkanomics&limit=2&page=2")).json();
    expect(second.articles.map((a: { id: number }) => a.id)).toEqual([bodyHit]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    const beyond = (await list("search=quokkanomics&limit=2&page=5")).json();
    expect(beyond.articles).toEqual([]);
    expect(beyond.pagination.total).toBe(3);
  });

  it("finds partial words and typos", async () => {
    const partial = (await list("search=quokkanom")).json();
    expect(partial.articles.map((a: { id: number }) => a.id)).toContain(titleHit);
    const typo = (await list("search=quokanomics")).json();
    expect(typo.articles.map((a: { id: number }) => a.id)).toContain(titleHit);
    expect(typo.pagination.total).toBe(typo.articles.length);
  });

  it("looks for look-alike titles only when the words themselves find nothing", async () => {
    // "Qvokkanomics" is a look-alike of "quokkanomics" but not the same word: found by its own
    // name or a typo of it, and left out when the searched word has real matches (decision 039).
    const lookAlike = (
      await insertArticle(app, {
        authorId: adminId,
        title: "Qvokkanomics notes from the desk",
        publishedAt: new Date(Date.now() - 4 * hour),
      })
    ).id;
    const ids = async (query: string) =>
      (await list(query)).json().articles.map((a: { id: number }) => a.id);
    expect(await ids("search=quokkanomics")).toEqual([titleHit, excerptHit, bodyHit]);
    expect(await ids("search=qvokkanomics")).toContain(lookAlike);
    expect(await ids("search=qvokanomics")).toContain(lookAlike);
  });

  it("searches tags and the demo content, with web-search syntax", async () => {
    const tagged = (await list("search=impermanent-loss")).json();
    expect(tagged.articles[0].title).toBe("Impermanent Loss, Explained With One Simple Example");
    const staking = (await list('search="liquid staking" -restaking')).json();
    expect(staking.articles.length).toBeGreaterThan(0);
    for (const article of staking.articles) expect(article.title).not.toMatch(/Restaking/);
  });

  it("answers an empty list for a search with no searchable words, and only public articles", async () => {
    const punctuation = await list(`search=${encodeURIComponent("?!")}`);
    expect(punctuation.statusCode).toBe(200);
    expect(punctuation.json().articles).toEqual([]);
    await insertArticle(app, {
      authorId: adminId,
      title: "Quokkanomics secret draft",
      status: "draft",
      publishedAt: null,
    });
    const response = (await list("search=quokkanomics")).json();
    expect(response.articles.map((a: { title: string }) => a.title)).not.toContain(
      "Quokkanomics secret draft",
    );
  });

  it("rejects an overlong search", async () => {
    expect((await list(`search=${"a".repeat(201)}`)).statusCode).toBe(400);
  });
});
