import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles } from "../src/db/schema";
import { sendJson } from "./fake-http-server";
import {
  app,
  call,
  createPartner,
  ghost,
  ghostKey,
  ghostServer,
  hook,
  hookServer,
  onboard,
  publishedArticle,
  usePartnerHarness,
  wp,
} from "./partner-harness";

/** Ghost and the signed webhook against their stand-ins, and the recommendations read. */
usePartnerHarness();

describe("other adapters and reads", () => {
  it("publishes to Ghost with a verified token and edits with updated_at on a re-send", async () => {
    const partner = await createPartner({
      kind: "ghost",
      url: ghostServer.url,
      username: null,
      secret: `${ghostKey.id}:${ghostKey.secretHex}`,
      postStatus: "publish",
    });
    const article = await publishedArticle();
    const sent = (await onboard(article.id, partner.id)).json().data.push;
    expect(sent.status).toBe("sent");
    expect(ghost.posts.get(sent.remoteId)?.status).toBe("published");
    const again = (await onboard(article.id, partner.id)).json().data.push;
    expect(again).toMatchObject({ status: "sent", action: "update", remoteId: sent.remoteId });
  });

  it("signs the webhook and carries the article as ninjs", async () => {
    const partner = await createPartner({
      kind: "webhook",
      url: `${hookServer.url}/hook`,
      username: null,
      secret: "webhook-shared-secret-123",
    });
    const article = await publishedArticle("Webhook article about Ethereum staking");
    const sent = (await onboard(article.id, partner.id)).json().data.push;
    expect(sent).toMatchObject({
      status: "sent",
      remoteUrl: expect.stringContaining("partner.example"),
    });
    const delivery = hook.received.at(-1)!;
    expect(delivery.event).toBe("article.published");
    expect(delivery.document).toMatchObject({
      type: "text",
      headlines: [{ value: "Webhook article about Ethereum staking" }],
    });
  });

  it("withdraws from a webhook partner with a signed article.withdrawn (pubstatus withheld)", async () => {
    const partner = await createPartner({
      kind: "webhook",
      url: `${hookServer.url}/hook`,
      username: null,
      secret: "webhook-shared-secret-123",
    });
    const article = await publishedArticle("Webhook article taken down for a correction");
    const sent = (await onboard(article.id, partner.id)).json().data.push;
    const withdrawn = (await call("POST", `/api/aurumwire/pushes/${sent.id}/withdraw`)).json().data
      .push;
    expect(withdrawn).toMatchObject({
      action: "withdraw",
      status: "sent",
      remoteId: sent.remoteId,
      canWithdraw: false,
    });
    // The log the dashboard reads names each push's platform: its Withdraw says what happens there.
    const logged = (await call("GET", "/api/aurumwire/pushes?limit=300")).json().data.pushes as {
      id: number;
      partnerKind: string;
    }[];
    expect(logged.find((row) => row.id === sent.id)?.partnerKind).toBe("webhook");
    expect(withdrawn.partnerKind).toBe("webhook");
    const delivery = hook.received.at(-1)!;
    expect(delivery.event).toBe("article.withdrawn");
    expect(delivery.document).toMatchObject({
      pubstatus: "withheld",
      remoteId: sent.remoteId,
      uri: expect.stringContaining(article.slug),
    });
    // Sent again later: a new story for the receiver, not an update of the withdrawn one.
    const again = (await onboard(article.id, partner.id)).json().data.push;
    expect(again).toMatchObject({ status: "sent", action: "create" });
    expect(hook.received.at(-1)!.event).toBe("article.published");

    // A receiver that refuses the withdrawal: the row says so, and Retry withdraws again.
    hookServer.setHandler((_request, response) => sendJson(response, 503, { error: "busy" }));
    let failed: { id: number; error: string };
    try {
      failed = (await call("POST", `/api/aurumwire/pushes/${again.id}/withdraw`)).json().data.push;
      expect(failed).toMatchObject({ action: "withdraw", status: "failed", canRetry: true });
      expect(failed.error).toMatch(/^Withdrawing failed: .*503/);
    } finally {
      hookServer.setHandler(hook.handler);
    }
    const retried = (await call("POST", `/api/aurumwire/pushes/${failed.id}/retry`)).json().data
      .push;
    expect(retried).toMatchObject({ action: "withdraw", status: "sent" });
    expect(hook.received.at(-1)!.event).toBe("article.withdrawn");
  });

  it("makes every srcset candidate absolute, like src and href (issue 28 point 3)", async () => {
    // Today's editor strips srcset from bodies; an older or imported body can still carry one
    // (stored here as it was, past the sanitizer). None of these files is in our storage, so no
    // partner gets a copy: each address must reach us from the partner's page.
    const article = await publishedArticle("Body with a responsive chart");
    await app.database.db
      .update(articles)
      .set({
        content:
          '<p>Intro.</p><picture><source srcset="/uploads/chart-800.avif 800w,/uploads/chart-1600.avif  1600w" type="image/avif">' +
          '<img src="/uploads/chart.webp" srcset="/uploads/chart-480.webp 480w, //cdn.example.org/chart-960.webp 960w, https://cdn.example.org/chart-2x.webp 2x" alt="Chart"></picture>' +
          '<p><a href="/category/markets">More</a></p>',
      })
      .where(eq(articles.id, article.id));
    const site = app.config.publicUrl;
    const expected = [
      `srcset="${site}/uploads/chart-800.avif 800w, ${site}/uploads/chart-1600.avif 1600w"`,
      `src="${site}/uploads/chart.webp"`,
      `srcset="${site}/uploads/chart-480.webp 480w, https://cdn.example.org/chart-960.webp 960w, https://cdn.example.org/chart-2x.webp 2x"`,
      `href="${site}/category/markets"`,
    ];

    const webhook = await createPartner({
      kind: "webhook",
      url: `${hookServer.url}/hook`,
      username: null,
      secret: "webhook-shared-secret-123",
    });
    expect((await onboard(article.id, webhook.id)).json().data.push.status).toBe("sent");
    const body = (hook.received.at(-1)!.document as { bodies: { value: string }[] }).bodies[0]
      .value;
    for (const part of expected) expect(body).toContain(part);

    const wordpress = await createPartner();
    const sent = (await onboard(article.id, wordpress.id)).json().data.push;
    expect(sent.status).toBe("sent");
    const post = wp.posts.get(sent.remoteId);
    for (const part of expected) expect(post?.html).toContain(part);
  });

  it("recommends published articles the partner has not had, and reports status", async () => {
    const partner = await createPartner();
    const article = await publishedArticle();
    await call("PUT", `/api/articles/${article.id}`, {});
    const before = (
      await call("GET", `/api/aurumwire/recommendations?limit=50&partnerId=${partner.id}`)
    ).json().data.articles as Array<{ id: number }>;
    expect(before.some((row) => row.id === article.id)).toBe(true);
    await onboard(article.id, partner.id);
    const after = (
      await call("GET", `/api/aurumwire/recommendations?limit=50&partnerId=${partner.id}`)
    ).json().data.articles as Array<{ id: number }>;
    expect(after.some((row) => row.id === article.id)).toBe(false);
    expect((await call("GET", "/api/aurumwire/recommendations?limit=0")).statusCode).toBe(400);
  });
});
