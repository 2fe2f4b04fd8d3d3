import { describe, expect, it } from "vitest";
import { app, author, categoryId, editor, put, useArticleEditor } from "./article-editor-setup";
import { createArticle } from "./newsroom-fixtures";

useArticleEditor();

describe("revision history", () => {
  it("keeps each previous version and restores one, which can itself be undone", async () => {
    const article = await createArticle(app, author, categoryId, {
      title: "First version of the halving story",
    });
    await put(author, article.id, { title: "Second version of the halving story" });
    await put(author, article.id, {
      title: "Third version of the halving story",
      content: `<p>${"A completely rewritten body about the bitcoin halving. ".repeat(3)}</p>`,
    });
    // A save that changes nothing adds no revision.
    await put(author, article.id, {});

    const list = await app.inject({
      method: "GET",
      url: `/api/admin/articles/${article.id}/revisions`,
      headers: author,
    });
    expect(list.statusCode).toBe(200);
    const revisions = list.json().revisions;
    expect(revisions.map((revision: { title: string }) => revision.title)).toEqual([
      "Second version of the halving story",
      "First version of the halving story",
    ]);
    expect(revisions[0].editor).toMatchObject({ firstName: expect.any(String) });

    const oldest = revisions[1];
    const detail = await app.inject({
      method: "GET",
      url: `/api/admin/articles/${article.id}/revisions/${oldest.id}`,
      headers: author,
    });
    expect(detail.json().snapshot.content).toContain("Bitcoin traded in a narrow range");

    const restore = await app.inject({
      method: "POST",
      url: `/api/admin/articles/${article.id}/revisions/${oldest.id}/restore`,
      headers: author,
    });
    expect(restore.statusCode).toBe(200);
    const restored = restore.json().article;
    expect(restored.title).toBe("First version of the halving story");
    expect(restored.content).toContain("Bitcoin traded in a narrow range");

    const after = (
      await app.inject({
        method: "GET",
        url: `/api/admin/articles/${article.id}/revisions`,
        headers: author,
      })
    ).json().revisions;
    expect(after[0].title).toBe("Third version of the halving story");
    expect(after).toHaveLength(3);
  });

  it("does not let a restore change the status or featured flag", async () => {
    const article = await createArticle(app, author, categoryId);
    await put(editor, article.id, { status: "published", isFeatured: true });
    const [revision] = (
      await app.inject({
        method: "GET",
        url: `/api/admin/articles/${article.id}/revisions`,
        headers: author,
      })
    ).json().revisions;
    expect(revision.status).toBe("draft");
    const restored = (
      await app.inject({
        method: "POST",
        url: `/api/admin/articles/${article.id}/revisions/${revision.id}/restore`,
        headers: author,
      })
    ).json().article;
    expect(restored).toMatchObject({ status: "published", isFeatured: true });
  });

  it("keeps the newest 50 revisions of an article", async () => {
    const article = await createArticle(app, editor, categoryId);
    for (let version = 1; version <= 52; version++) {
      const response = await put(editor, article.id, { title: `Version ${version} of the story` });
      expect(response.statusCode).toBe(200);
    }
    const revisions = (
      await app.inject({
        method: "GET",
        url: `/api/admin/articles/${article.id}/revisions`,
        headers: editor,
      })
    ).json().revisions;
    expect(revisions).toHaveLength(50);
    expect(revisions[0].title).toBe("Version 51 of the story");
    expect(revisions[49].title).toBe("Version 2 of the story");
  });

  it("answers 404 for a revision of another article", async () => {
    const first = await createArticle(app, editor, categoryId);
    const second = await createArticle(app, editor, categoryId);
    await put(editor, first.id, { title: "Changed so that a revision exists" });
    const [revision] = (
      await app.inject({
        method: "GET",
        url: `/api/admin/articles/${first.id}/revisions`,
        headers: editor,
      })
    ).json().revisions;
    const response = await app.inject({
      method: "POST",
      url: `/api/admin/articles/${second.id}/revisions/${revision.id}/restore`,
      headers: editor,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("Revision not found");
  });
});
