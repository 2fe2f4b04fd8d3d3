import type { AddressInfo } from "node:net";
import type { StreamLiveUpdateEvent } from "@aurumwire/shared/realtime-events";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory } from "./newsroom-fixtures";
import { openSse } from "./sse-client";

/** Live coverage (decision 234): start/end, updates, readers' list, the stream, bad input. */
describe("live coverage", () => {
  let app: FastifyInstance;
  let editor: { authorization: string };
  let author: { authorization: string };
  let reader: { authorization: string };
  let article: { id: number; slug: string };

  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: "127.0.0.1" });
    editor = await loginAs(app, "editor");
    author = await loginAs(app, "author");
    reader = await loginAs(app, "reader");
    const category = await createCategory(app, editor);
    article = await createArticle(app, editor, category.id, {
      title: "ETF decision day: live",
      status: "published",
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (headers: object, content: string, id = article.id) =>
    app.inject({
      method: "POST",
      url: `/api/articles/${id}/live-updates`,
      headers: headers as Record<string, string>,
      payload: { content },
    });

  it("lets editors start coverage, and ending it twice is harmless", async () => {
    const refused = await app.inject({
      method: "POST",
      url: `/api/articles/${article.id}/live`,
      headers: author,
      payload: { live: true },
    });
    expect(refused.statusCode).toBe(403);
    const started = await app.inject({
      method: "POST",
      url: `/api/articles/${article.id}/live`,
      headers: editor,
      payload: { live: true },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().coverage).toMatchObject({ live: true, endedAt: null });
    const bad = await app.inject({
      method: "POST",
      url: `/api/articles/${article.id}/live`,
      headers: editor,
      payload: { live: "yes" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/live must be true/);
  });

  it("posts sanitized updates that readers get newest first, and over the stream", async () => {
    const stream = await openSse(
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/stream`,
    );
    try {
      await stream.next();
      const first = await post(editor, "<p>The SEC has opened the hearing.</p>");
      expect(first.statusCode).toBe(201);
      // An author who did not write the article may not post to it; its editors may.
      expect((await post(author, "<p>Not my story.</p>")).statusCode).toBe(403);
      const second = await post(
        editor,
        '<p>Chair: <b>decision</b> today <a href="https://sec.gov">source</a></p>',
      );
      expect(second.statusCode).toBe(201);
      const event = await stream.next(
        (candidate) =>
          candidate.event === "live-update" &&
          (JSON.parse(candidate.data) as StreamLiveUpdateEvent).update?.id ===
            second.json().update.id,
      );
      const data = JSON.parse(event.data) as StreamLiveUpdateEvent;
      expect(data).toMatchObject({ articleId: article.id, slug: article.slug, action: "posted" });
      expect(data.update?.content).toContain("<b>decision</b>");
    } finally {
      stream.close();
    }
    const list = await app.inject({ url: `/api/articles/${article.slug}/live-updates` });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.coverage.live).toBe(true);
    expect(body.updates.map((update: { content: string }) => update.content)).toEqual([
      expect.stringContaining("Chair:"),
      "<p>The SEC has opened the hearing.</p>",
    ]);
    const after = await app.inject({
      url: `/api/articles/${article.slug}/live-updates?after=${encodeURIComponent(body.updates[0].updatedAt)}`,
    });
    expect(after.json().updates).toEqual([]);
  });

  it("refuses empty and unsafe updates with a clear 400, and readers' accounts with 403", async () => {
    const empty = await post(editor, "<p>   </p>");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/The update is empty/);
    const unsafe = await post(editor, '<p onclick="steal()">Hi</p><script>alert(1)</script>');
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().error).toMatch(/not allowed/);
    expect((await post(reader, "<p>Hello</p>")).statusCode).toBe(403);
    expect((await post(editor, "<p>Hello</p>", 999_999)).statusCode).toBe(404);
  });

  it("corrects and removes an update", async () => {
    const created = (await post(editor, "<p>Typo in this updte.</p>")).json().update;
    const edited = await app.inject({
      method: "PUT",
      url: `/api/articles/${article.id}/live-updates/${created.id}`,
      headers: editor,
      payload: { content: "<p>No typo in this update.</p>" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().update.content).toBe("<p>No typo in this update.</p>");
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/articles/${article.id}/live-updates/${created.id}`,
      headers: editor,
    });
    expect(removed.statusCode).toBe(204);
    const again = await app.inject({
      method: "DELETE",
      url: `/api/articles/${article.id}/live-updates/${created.id}`,
      headers: editor,
    });
    expect(again.statusCode).toBe(404);
  });

  it("ends the coverage once; a second end changes nothing", async () => {
    const end = () =>
      app.inject({
        method: "POST",
        url: `/api/articles/${article.id}/live`,
        headers: editor,
        payload: { live: false },
      });
    const first = (await end()).json().coverage;
    expect(first.live).toBe(false);
    expect(first.endedAt).not.toBeNull();
    const second = await end();
    expect(second.statusCode).toBe(200);
    expect(second.json().coverage).toEqual(first);
  });
});
