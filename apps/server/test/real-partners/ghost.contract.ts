import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, partnerPushes, users } from "../../src/db/schema";
import { insertArticle, userId } from "../article-fixtures";
import { buildTestApp, demo, loginAs } from "../helpers";
import { multipartBody, sampleImage } from "../newsroom-fixtures";
import { type RealGhost, startGhost } from "./ghost";
import { startSwallowingProxy } from "./swallowing-proxy";

/**
 * The Ghost contract suite (issue 28): our adapter against a real Ghost 5 (npm registry,
 * scripts/partners/install-ghost.sh), checked on Ghost's own Admin API and public pages. Run by
 * `npm run test:partners` (Ghost's first install takes ~10 minutes, so it is not in `npm test`).
 */

const hour = 3_600_000;
let clock = Date.now();
const publicUrl = "https://aurumwire.example";

type GhostPost = {
  id: string;
  status: string;
  url: string;
  title: string;
  html: string;
  canonical_url: string | null;
  updated_at: string;
  feature_image: string | null;
  feature_image_alt: string | null;
  primary_tag: { name: string } | null;
  tags: Array<{ name: string }>;
  authors: Array<{ email: string }>;
};

describe("a real Ghost 5", () => {
  let app: FastifyInstance;
  let ghost: RealGhost;
  let admin: { authorization: string };
  let authorId: number;
  let authorName: string;
  let category: { id: number; name: string };

  beforeAll(async () => {
    ghost = await startGhost();
    // Ghost runs on this machine: staff-set addresses may reach it (decision 220).
    app = await buildTestApp(
      { partnerClock: () => clock, publicUrl, outboundTimeoutMs: 15_000 },
      { OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32" },
    );
    admin = await loginAs(app, "admin");
    authorId = await userId(app, demo.author.email);
    const [author] = await app.database.db.select().from(users).where(eq(users.id, authorId));
    authorName = `${author.firstName} ${author.lastName}`.trim();
    [category] = await app.database.db.select().from(categories).limit(1);
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await ghost?.stop();
  });

  const api = (method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/aurumwire${url}`,
      headers: admin,
      ...(payload ? { payload } : {}),
    });

  async function connect(site: { url: string }, postStatus = "pending") {
    const response = await api("POST", "/partners", {
      name: `Ghost ${Math.random().toString(36).slice(2, 7)}`,
      kind: "ghost",
      url: site.url,
      secret: ghost.adminKey,
      postStatus,
      maxArticles: 50,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.partner.id as number;
  }

  async function uploadImage() {
    const body = multipartBody(await sampleImage("png", 640, 400), {
      filename: "chart.png",
      contentType: "image/png",
    });
    const response = await app.inject({
      method: "POST",
      url: "/api/articles/upload",
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().url as string;
  }

  const article = (values: object = {}) =>
    insertArticle(app, {
      authorId,
      publishedAt: new Date(clock - hour),
      tags: ["Bitcoin ETF", "Markets"],
      categoryId: category.id,
      ...values,
    });

  const send = async (articleId: number, partnerId: number) =>
    (await api("POST", `/onboard/${articleId}`, { partnerId })).json().data.push;

  const post = async (id: string) =>
    (
      await ghost.admin<{ posts: GhostPost[] }>(
        "GET",
        `/posts/${id}/?include=tags,authors&formats=html`,
      )
    ).body.posts?.[0];
  const postsAbout = async (canonical: string) =>
    (
      await ghost.admin<{ posts: GhostPost[] }>(
        "GET",
        `/posts/?limit=all&filter=${encodeURIComponent(`canonical_url:'${canonical}'`)}`,
      )
    ).body.posts ?? [];
  const allPosts = async () =>
    ((await ghost.admin<{ posts: GhostPost[] }>("GET", "/posts/?limit=all")).body.posts ?? [])
      .length;

  it("checks the Admin API key without creating anything, and says when it is wrong", async () => {
    const partnerId = await connect(ghost);
    const before = await allPosts();
    const test = (await api("GET", `/test?partnerId=${partnerId}`)).json().data;
    expect(test.ok, test.message).toBe(true);
    expect(test.message).toContain("Nothing was created");
    expect(await allPosts()).toBe(before);
    const [id] = ghost.adminKey.split(":");
    const wrong = (
      await api("POST", "/partners", {
        name: "Wrong Ghost key",
        kind: "ghost",
        url: ghost.url,
        secret: `${id}:${"ab".repeat(32)}`,
      })
    ).json().data.partner.id;
    const refused = (await api("GET", `/test?partnerId=${wrong}`)).json().data;
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain("refused the Admin API key");
  });

  it("never changes the partner's status on a re-send (the live post stays live)", async () => {
    const partnerId = await connect(ghost, "pending");
    const story = await article();
    const first = await send(story.id, partnerId);
    expect(first.status, first.error).toBe("sent");
    const draft = await post(first.remoteId);
    expect(draft.status).toBe("draft");
    // The partner's editor publishes it.
    const published = await ghost.admin<{ posts: GhostPost[] }>(
      "PUT",
      `/posts/${first.remoteId}/`,
      { posts: [{ status: "published", updated_at: draft.updated_at }] },
    );
    expect(published.status).toBe(200);
    const live = await post(first.remoteId);
    expect((await fetch(live.url)).status).toBe(200);
    await app.database.db.execute(
      `update articles set title = 'Corrected headline ${story.id}' where id = ${story.id}` as never,
    );
    const again = await send(story.id, partnerId);
    expect(again).toMatchObject({ status: "sent", action: "update", remoteId: first.remoteId });
    const after = await post(first.remoteId);
    expect(after.status).toBe("published");
    expect(after.title).toBe(`Corrected headline ${story.id}`);
    expect((await fetch(after.url)).status).toBe(200);
  });

  it("makes one post when Ghost stores it but answers after our time-out", async () => {
    const proxy = await startSwallowingProxy(ghost.url);
    try {
      const partnerId = await connect(proxy, "publish");
      const story = await article();
      proxy.swallowNext(
        (method, url) => method === "POST" && url.startsWith("/ghost/api/admin/posts/"),
      );
      const first = await send(story.id, partnerId);
      expect(proxy.swallowed).toBe(1);
      expect(first.status).toBe("queued");
      const canonical = `${publicUrl}/article/${story.slug}`;
      expect(await postsAbout(canonical)).toHaveLength(1);
      clock += 10 * 60_000;
      await app.jobs.runNow("partner:send-queue");
      const [row] = await app.database.db
        .select()
        .from(partnerPushes)
        .where(eq(partnerPushes.id, first.id));
      expect(row.status).toBe("sent");
      const posts = await postsAbout(canonical);
      expect(posts).toHaveLength(1);
      expect(row.remoteId).toBe(posts[0].id);
    } finally {
      await proxy.close();
    }
  });

  it("uploads the body images and the cover, sends the category as the primary tag, and credits the author", async () => {
    const partnerId = await connect(ghost, "publish");
    const image = await uploadImage();
    const cover = await uploadImage();
    const story = await article({
      featuredImage: cover,
      content: `<p>Intro.</p><figure><img src="${image}" alt="The ETF inflow chart"><figcaption>Inflows by week</figcaption></figure><p><a href="/category/markets">More</a></p>`,
    });
    const sent = await send(story.id, partnerId);
    expect(sent.status, sent.error).toBe("sent");
    const remote = await post(sent.remoteId);
    const src = remote.html.match(/<img[^>]*src="([^"]+)"/)?.[1] ?? "";
    expect(src.startsWith(`${ghost.url}/content/images/`)).toBe(true);
    const loaded = await fetch(src);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get("content-type")).toMatch(/^image\//);
    expect(remote.feature_image?.startsWith(`${ghost.url}/content/images/`)).toBe(true);
    expect((await fetch(remote.feature_image as string)).status).toBe(200);
    expect(remote.feature_image_alt).toBe(story.title);
    expect(remote.canonical_url).toBe(`${publicUrl}/article/${story.slug}`);
    expect(remote.primary_tag?.name).toBe(category.name);
    expect(remote.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(["Bitcoin ETF", "Markets"]),
    );
    expect(remote.html).toContain(`By ${authorName}`);
    expect(remote.html).toContain(`href="${publicUrl}/category/markets"`);
    const page = await (await fetch(remote.url)).text();
    expect(page).toContain(src);

    // An author Ghost knows (same e-mail): Ghost's own byline.
    await app.database.db
      .update(users)
      .set({ email: ghost.ownerEmail })
      .where(eq(users.email, demo.editor.email));
    const editorId = await userId(app, ghost.ownerEmail);
    const byStaff = await send((await article({ authorId: editorId })).id, partnerId);
    const staffPost = await post(byStaff.remoteId);
    expect(staffPost.authors.map((author) => author.email)).toEqual([ghost.ownerEmail]);
  });

  it("withdraws a post, and sends a post deleted on Ghost again as new", async () => {
    const partnerId = await connect(ghost, "publish");
    const sent = await send((await article()).id, partnerId);
    const url = (await post(sent.remoteId)).url;
    expect((await fetch(url)).status).toBe(200);
    const withdrawn = (await api("POST", `/pushes/${sent.id}/withdraw`)).json().data.push;
    expect(withdrawn).toMatchObject({ action: "withdraw", status: "sent" });
    expect((await post(sent.remoteId)).status).toBe("draft");
    expect((await fetch(url)).status).toBe(404);

    const other = await article();
    const live = await send(other.id, partnerId);
    expect((await ghost.admin("DELETE", `/posts/${live.remoteId}/`)).status).toBe(204);
    const resend = await send(other.id, partnerId);
    expect(resend).toMatchObject({
      status: "failed",
      errorCode: "remote_gone",
      canSendAsNew: true,
    });
    const renewed = (await api("POST", `/pushes/${resend.id}/send-as-new`)).json().data.push;
    expect(renewed).toMatchObject({ status: "sent", action: "create" });
    expect(renewed.remoteId).not.toBe(live.remoteId);
    expect((await post(renewed.remoteId)).status).toBe("published");
  });
});
