import { articleInputSchema } from "@aurumwire/shared/articles";
import { describe, expect, it } from "vitest";
import { emptyArticleForm, toRequestBody, toSchemaInput } from "./article-form-values";

const parsed = articleInputSchema.parse({
  title: "Bitcoin holds above its record high",
  excerpt: "x".repeat(60),
  content: `<p>${"y".repeat(120)}</p>`,
  categoryId: 3,
  status: "published",
});
const now = new Date("2025-03-01T10:00:00.000Z");

describe("toRequestBody", () => {
  it("Save Draft sets draft and clears publishedAt", () => {
    expect(toRequestBody(parsed, "draft", "published", now)).toMatchObject({
      status: "draft",
      publishedAt: null,
    });
  });
  it("Publish sets published with the current time", () => {
    expect(toRequestBody(parsed, "publish", "draft", now)).toMatchObject({
      status: "published",
      publishedAt: now.toISOString(),
    });
  });
  it("saving with status published stamps now when it becomes published", () => {
    expect(toRequestBody(parsed, "save", "draft", now).publishedAt).toBe(now.toISOString());
    expect(toRequestBody(parsed, "save", null, now).publishedAt).toBe(now.toISOString());
  });
  it("keeps the date of an article that was already published", () => {
    expect(toRequestBody(parsed, "save", "published", now)).not.toHaveProperty("publishedAt");
  });
  it("clears the date when saving with another status", () => {
    const archived = { ...parsed, status: "archived" as const };
    expect(toRequestBody(archived, "save", "published", now).publishedAt).toBeNull();
  });
});

describe("the form against the shared schema", () => {
  it("reports 'Category is required' while no category is chosen", () => {
    const result = articleInputSchema.safeParse(toSchemaInput(emptyArticleForm));
    // Like the form resolver, the first message of each field is the one shown.
    const messages: Record<string, string> = {};
    for (const issue of result.error?.issues ?? [])
      messages[String(issue.path[0])] ??= issue.message;
    expect(messages).toMatchObject({
      title: "Title is required",
      excerpt: "Excerpt is required",
      content: "Content is required",
      categoryId: "Category is required",
    });
  });
});
