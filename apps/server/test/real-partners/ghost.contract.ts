import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema";
import { userId } from "../article-fixtures";
import { demo } from "../helpers";
import { type RealGhost, startGhost } from "./ghost";
import { type PartnerSuite, publicUrl, startPartnerSuite } from "./suite";
import { startSwallowingProxy } from "./swallowing-proxy";

/**
 * The Ghost contract suite (issue 28): our adapter against a real Ghost 5 (npm registry,
 * scripts/partners/install-ghost.sh), checked on Ghost's own Admin API and public pages. Run by
 * `npm run test:partners` (Ghost's first install takes ~10 minutes, so it is not in `npm test`).
 */

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
  let suite: PartnerSuite;
  let ghost: RealGhost;

  beforeAll(async () => {
    ghost = await startGhost();
    suite = await startPartnerSuite();
  }, 600_000);

  afterAll(async () => {
    await suite?.close();
    await ghost?.stop();
  });

  const connect = (site: { url: string }, postStatus = "pending") =>
    suite.connect({ kind: "ghost", url: site.url, secret: ghost.adminKey }, postStatus);
  const api: PartnerSuite["api"] = (...args) => suite.api(...args);
  const article = (values: object = {}) => suite.article(values);
  const send = (articleId: number, partnerId: number) => suite.send(articleId, partnerId);

  const post = async (id: string | null) =>
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
    await suite.app.database.db.execute(
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
      suite.clock += 10 * 60_000;
      await suite.app.jobs.runNow("partner:send-queue");
      const row = await suite.pushRow(first.id);
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
    const image = await suite.uploadImage();
    const cover = await suite.uploadImage();
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
    expect(remote.primary_tag?.name).toBe(suite.category.name);
    expect(remote.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(["Bitcoin ETF", "Markets"]),
    );
    expect(remote.html).toContain(`By ${suite.authorName}`);
    expect(remote.html).toContain(`href="${publicUrl}/category/markets"`);
    const page = await (await fetch(remote.url)).text();
    expect(page).toContain(src);

    // An author Ghost knows (same e-mail): Ghost's own byline.
    await suite.app.database.db
      .update(users)
      .set({ email: ghost.ownerEmail })
      .where(eq(users.email, demo.editor.email));
    const editorId = await userId(suite.app, ghost.ownerEmail);
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
