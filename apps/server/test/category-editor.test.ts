import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory, type Headers } from "./newsroom-fixtures";

let app: FastifyInstance;
let editor: Headers;

beforeAll(async () => {
  app = await buildTestApp();
  editor = await loginAs(app, "editor");
});
afterAll(async () => {
  await app?.close();
});

const listCategories = async () =>
  (await app.inject({ method: "GET", url: "/api/admin/categories", headers: editor })).json()
    .categories as { id: number; parentId: number | null; articleCount: number; slug: string }[];
const remove = (id: number, query = "") =>
  app.inject({ method: "DELETE", url: `/api/categories/${id}${query}`, headers: editor });
const readArticle = async (id: number) =>
  (await app.inject({ method: "GET", url: `/api/admin/articles/${id}`, headers: editor })).json()
    .article;

describe("create and edit", () => {
  it("creates with the default colour and a slug made from the name", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/categories",
      headers: editor,
      payload: { name: "Derivatives Desk" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().category).toMatchObject({
      name: "Derivatives Desk",
      slug: "derivatives-desk",
      color: "#FFD700",
      parentId: null,
      isActive: true,
      articleCount: 0,
    });
  });

  it("requires a name", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/categories",
      headers: editor,
      payload: { name: " " },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: "Name is required" });
  });

  it("suffixes a generated slug that clashes, and refuses a typed one with 409", async () => {
    const first = await createCategory(app, editor, { name: "Options Flow" });
    const second = await createCategory(app, editor, { name: "Options Flow" });
    expect(first.slug).toBe("options-flow");
    expect(second.slug).toBe("options-flow-2");
    const typed = await app.inject({
      method: "POST",
      url: "/api/categories",
      headers: editor,
      payload: { name: "Other", slug: "options-flow" },
    });
    expect(typed.statusCode).toBe(409);
    expect(typed.json()).toMatchObject({
      code: "slug_taken",
      fields: { slug: "This slug is already in use" },
    });
  });

  it("changes only the fields sent, and keeps the tree a tree", async () => {
    const parent = await createCategory(app, editor, { name: "Markets", color: "#00AA00" });
    const child = await createCategory(app, editor, { name: "Trading", parentId: parent.id });
    const renamed = await app.inject({
      method: "PUT",
      url: `/api/categories/${parent.id}`,
      headers: editor,
      payload: { description: "Prices and flows" },
    });
    expect(renamed.json().category).toMatchObject({
      color: "#00AA00",
      description: "Prices and flows",
    });

    const cycle = await app.inject({
      method: "PUT",
      url: `/api/categories/${parent.id}`,
      headers: editor,
      payload: { parentId: child.id },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error).toBe(
      "A category cannot be placed under itself or one of its subcategories.",
    );
    const self = await app.inject({
      method: "PUT",
      url: `/api/categories/${parent.id}`,
      headers: editor,
      payload: { parentId: parent.id },
    });
    expect(self.statusCode).toBe(400);
  });
});

describe("delete rules", () => {
  it("deletes an empty category", async () => {
    const category = await createCategory(app, editor);
    const response = await remove(category.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, movedArticles: 0, movedChildren: 0 });
    expect((await listCategories()).some((c) => c.id === category.id)).toBe(false);
  });

  it("refuses to delete a category with articles unless told where they go", async () => {
    const doomed = await createCategory(app, editor, { name: "Doomed" });
    const target = await createCategory(app, editor, { name: "Target" });
    const article = await createArticle(app, editor, doomed.id);
    const refused = await remove(doomed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: '"Doomed" still has 1 article. Choose where they go before deleting it.',
      code: "category_in_use",
      fields: { moveArticlesTo: "Choose a category for its 1 article" },
    });
    expect((await readArticle(article.id)).categoryId).toBe(doomed.id);

    const toItself = await remove(doomed.id, `?moveArticlesTo=${doomed.id}`);
    expect(toItself.statusCode).toBe(400);

    const moved = await remove(doomed.id, `?moveArticlesTo=${target.id}`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ deleted: true, movedArticles: 1, movedChildren: 0 });
    expect((await readArticle(article.id)).categoryId).toBe(target.id);
  });

  it("refuses to delete a category with subcategories unless told where they go", async () => {
    const parent = await createCategory(app, editor, { name: "Parent" });
    const child = await createCategory(app, editor, { name: "Child", parentId: parent.id });
    const grandchild = await createCategory(app, editor, {
      name: "Grandchild",
      parentId: child.id,
    });

    const refused = await remove(parent.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({
      moveChildrenTo: "Choose where its 1 subcategory goes",
    });

    // Into its own branch would make a loop.
    const intoBranch = await remove(parent.id, `?moveChildrenTo=${grandchild.id}`);
    expect(intoBranch.statusCode).toBe(400);
    expect((await listCategories()).find((c) => c.id === child.id)?.parentId).toBe(parent.id);

    const toRoot = await remove(parent.id, "?moveChildrenTo=root");
    expect(toRoot.statusCode).toBe(200);
    expect(toRoot.json().movedChildren).toBe(1);
    const after = await listCategories();
    expect(after.find((c) => c.id === child.id)?.parentId).toBeNull();
    expect(after.find((c) => c.id === grandchild.id)?.parentId).toBe(child.id);
  });

  it("moves nothing when one of two targets is wrong", async () => {
    const parent = await createCategory(app, editor, { name: "Busy" });
    const child = await createCategory(app, editor, { name: "Busy child", parentId: parent.id });
    const target = await createCategory(app, editor, { name: "Elsewhere" });
    const article = await createArticle(app, editor, parent.id);
    const response = await remove(parent.id, `?moveArticlesTo=${target.id}&moveChildrenTo=999999`);
    expect(response.statusCode).toBe(400);
    expect((await readArticle(article.id)).categoryId).toBe(parent.id);
    expect((await listCategories()).find((c) => c.id === child.id)?.parentId).toBe(parent.id);
  });

  it("answers 404 for an unknown category", async () => {
    const response = await remove(424242);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("Category not found");
  });
});
