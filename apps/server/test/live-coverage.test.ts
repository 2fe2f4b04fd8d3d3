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

  it("posts an update with an image that readers get back, and refuses unsafe image addresses", async () => {
    const send = (
      method: "POST" | "PUT",
      image: string,
      url = `/api/articles/${article.id}/live-updates`,
    ) =>
      app.inject({
        method,
        url,
        headers: editor,
        payload: { content: "<p>The chair reads the order.</p>", image },
      });
    const uploaded = await send("POST", "/uploads/2026/11/hearing-room.webp");
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().update.imageUrl).toBe("/uploads/2026/11/hearing-room.webp");
    const remote = await send("POST", "https://images.example.com/sec/hearing.jpg");
    expect(remote.statusCode, remote.body).toBe(201);
    // Addresses that would run something, embed unchecked bytes, or load over plain http.
    for (const image of [
      "javascript:alert(document.cookie)",
      "JavaScript:alert(1)",
      "data:image/png;base64,iVBORw0KGgo=",
      "data:text/html,<script>alert(1)</script>",
      "http://images.example.com/sec/hearing.jpg",
      "//images.example.com/sec/hearing.jpg",
    ]) {
      const refused = await send("POST", image);
      expect(refused.statusCode, image).toBe(400);
      expect(refused.json().error, image).toMatch(
        /image must be an uploaded image \(\/uploads\/...\) or an https address/,
      );
    }
    // A correction may not slip one in either.
    const corrected = await send(
      "PUT",
      "javascript:alert(1)",
      `/api/articles/${article.id}/live-updates/${uploaded.json().update.id}`,
    );
    expect(corrected.statusCode).toBe(400);
    const list = (await app.inject({ url: `/api/articles/${article.slug}/live-updates` })).json();
    const images = list.updates.map((update: { imageUrl: string | null }) => update.imageUrl);
    expect(images).toContain("/uploads/2026/11/hearing-room.webp");
    expect(images).toContain("https://images.example.com/sec/hearing.jpg");
    expect(
      images.filter((image: string | null) => image && !/^(\/uploads\/|https:\/\/)/.test(image)),
    ).toEqual([]);
  });

  it("lets an author who did not write the article neither post, correct nor remove its updates", async () => {
    const update = (await post(editor, "<p>The vote is at noon.</p>")).json().update;
    const url = `/api/articles/${article.id}/live-updates/${update.id}`;
    expect((await post(author, "<p>Not my story.</p>")).statusCode).toBe(403);
    const edited = await app.inject({
      method: "PUT",
      url,
      headers: author,
      payload: { content: "<p>Changed by someone else.</p>" },
    });
    expect(edited.statusCode).toBe(403);
    expect(edited.json().error).toMatch(/the article's author/);
    const removed = await app.inject({ method: "DELETE", url, headers: author });
    expect(removed.statusCode).toBe(403);
    const list = (await app.inject({ url: `/api/articles/${article.slug}/live-updates` })).json();
    expect(list.updates).toContainEqual(
      expect.objectContaining({ id: update.id, content: "<p>The vote is at noon.</p>" }),
    );
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

/** Who may start coverage and post to it (decision 234), and on which articles (319). */
describe("live coverage: roles and the article's state", () => {
  let app: FastifyInstance;
  let admin: { authorization: string };
  let editor: { authorization: string };
  let author: { authorization: string };
  let categoryId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await loginAs(app, "admin");
    editor = await loginAs(app, "editor");
    author = await loginAs(app, "author");
    categoryId = (await createCategory(app, editor)).id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const setLive = (headers: object, id: number, live: boolean) =>
    app.inject({
      method: "POST",
      url: `/api/articles/${id}/live`,
      headers: headers as Record<string, string>,
      payload: { live },
    });

  it("lets the article's own author post, correct and remove updates once an admin started it; the author may not start or end it", async () => {
    const draft = await createArticle(app, author, categoryId, { title: "My hearing notes" });
    const published = await app.inject({
      method: "PUT",
      url: `/api/articles/${draft.id}`,
      headers: editor,
      payload: { status: "published", publishedAt: new Date().toISOString() },
    });
    expect(published.statusCode, published.body).toBe(200);

    const byAuthor = await setLive(author, draft.id, true);
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json().error).toMatch(
      /admin or editor privileges to start or end live coverage/,
    );
    const started = await setLive(admin, draft.id, true);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().coverage.live).toBe(true);

    const posted = await app.inject({
      method: "POST",
      url: `/api/articles/${draft.id}/live-updates`,
      headers: author,
      payload: { content: "<p>I am in the room.</p>" },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const url = `/api/articles/${draft.id}/live-updates/${posted.json().update.id}`;
    const edited = await app.inject({
      method: "PUT",
      url,
      headers: author,
      payload: { content: "<p>I am in the hearing room.</p>" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().update.content).toBe("<p>I am in the hearing room.</p>");
    expect((await app.inject({ method: "DELETE", url, headers: author })).statusCode).toBe(204);

    expect((await setLive(author, draft.id, false)).statusCode).toBe(403);
    const ended = await setLive(admin, draft.id, false);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().coverage).toMatchObject({ live: false, endedAt: expect.any(String) });
  });

  it("refuses to start coverage on a draft or a scheduled article with a clear 409", async () => {
    const draft = await createArticle(app, editor, categoryId, { title: "Not out yet" });
    expect(draft.status).not.toBe("published");
    const onDraft = await setLive(editor, draft.id, true);
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json()).toMatchObject({
      code: "article_not_published",
      error: "Publish the article before starting live coverage: readers cannot see a draft.",
    });
    const scheduled = await createArticle(app, editor, categoryId, {
      title: "Out tomorrow",
      status: "published",
      publishedAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    });
    const onScheduled = await setLive(editor, scheduled.id, true);
    expect(onScheduled.statusCode).toBe(409);
    expect(onScheduled.json().error).toMatch(/scheduled and not on the site yet/);
    // Nothing was started: ending is still harmless, and the coverage never began.
    const ended = await setLive(editor, draft.id, false);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().coverage).toMatchObject({ live: false, startedAt: null });
    // Once published, it can start.
    await app.inject({
      method: "PUT",
      url: `/api/articles/${draft.id}`,
      headers: editor,
      payload: { status: "published", publishedAt: new Date().toISOString() },
    });
    expect((await setLive(editor, draft.id, true)).statusCode).toBe(200);
  });
});
