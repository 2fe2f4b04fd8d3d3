import { describe, expect, it } from "vitest";
import { app, editorHeaders, useReadingDesk } from "./articles-read-setup";

useReadingDesk();

describe("GET /api/categories", () => {
  it("lists active categories with public article counts, children included", async () => {
    const response = await app.inject({ method: "GET", url: "/api/categories" });
    expect(response.statusCode).toBe(200);
    const { categories } = response.json();
    const slugs = categories.map((category: { slug: string }) => category.slug);
    for (const slug of [
      "news",
      "breaking-news",
      "market-news",
      "trending",
      "viral",
      "hot-topics",
      "markets",
      "trading",
      "technical-analysis",
      "bitcoin-price",
      "bitcoin",
      "ethereum",
      "defi",
      "nft",
    ]) {
      expect(slugs).toContain(slug);
    }
    expect(slugs).not.toContain("hidden-desk");
    const markets = categories.find((category: { slug: string }) => category.slug === "markets");
    const trading = categories.find((category: { slug: string }) => category.slug === "trading");
    expect(trading.parentId).toBe(markets.id);
    expect(markets.articleCount).toBeGreaterThan(trading.articleCount);
    expect(markets.color).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it("nests children with includeHierarchy, shows inactive ones to editors only", async () => {
    const tree = (
      await app.inject({ method: "GET", url: "/api/categories?includeHierarchy=true" })
    ).json();
    const news = tree.categories.find((category: { slug: string }) => category.slug === "news");
    expect(news.children.map((child: { slug: string }) => child.slug).sort()).toEqual([
      "breaking-news",
      "market-news",
    ]);
    expect(tree.categories.map((category: { slug: string }) => category.slug)).not.toContain(
      "trading",
    );
    const anonymous = (
      await app.inject({ method: "GET", url: "/api/categories?includeInactive=true" })
    ).json();
    expect(anonymous.categories.map((c: { slug: string }) => c.slug)).not.toContain("hidden-desk");
    const editor = (
      await app.inject({
        method: "GET",
        url: "/api/categories?includeInactive=true",
        headers: editorHeaders,
      })
    ).json();
    expect(editor.categories.map((c: { slug: string }) => c.slug)).toContain("hidden-desk");
    expect(
      (await app.inject({ method: "GET", url: "/api/categories?includeHierarchy=perhaps" }))
        .statusCode,
    ).toBe(400);
  });

  it("answers one category by slug, 404 for unknown or inactive ones", async () => {
    const response = await app.inject({ method: "GET", url: "/api/categories/bitcoin" });
    expect(response.statusCode).toBe(200);
    expect(response.json().category).toMatchObject({
      name: "Bitcoin",
      slug: "bitcoin",
      isActive: true,
    });
    const unknown = await app.inject({ method: "GET", url: "/api/categories/nope" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "Category not found", code: "category_not_found" });
    expect(
      (await app.inject({ method: "GET", url: "/api/categories/hidden-desk" })).statusCode,
    ).toBe(404);
  });
});
