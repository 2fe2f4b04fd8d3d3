import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { partnerPushes } from "../src/db/schema";
import { backoffMs } from "../src/modules/partners/service";
import { insertArticle } from "./article-fixtures";
import { hang, sendJson, startFakeServer } from "./fake-http-server";
import {
  app,
  authorId,
  call,
  clock,
  createPartner,
  onboard,
  publishedArticle,
  setClock,
  usePartnerHarness,
  wp,
  wpServer,
} from "./partner-harness";

/**
 * What a partner that fails does to a push: retried with backoff, Retry-After honoured, wrong
 * credentials failing at once, an unreadable answer looked up before any new send.
 */
usePartnerHarness();

describe("failures", () => {
  it("retries a 503 with backoff and honours a 429's Retry-After", async () => {
    const partner = await createPartner({ maxArticles: 5 });
    const article = await publishedArticle();
    wpServer.setHandler((_request, response) =>
      sendJson(response, 503, {
        code: "maintenance",
        message: "Briefly unavailable for scheduled maintenance.",
      }),
    );
    const first = (await onboard(article.id, partner.id)).json().data.push;
    expect(first.status).toBe("queued");
    expect(first.error).toContain("server error (503)");
    expect(first.error).not.toContain("Briefly unavailable");
    expect(Date.parse(first.nextAttemptAt) - clock).toBe(30_000);

    wpServer.setHandler((_request, response) => {
      response.statusCode = 429;
      response.setHeader("retry-after", "120");
      response.end();
    });
    setClock(clock + 30_000);
    await app.jobs.runNow("partner:send-queue");
    const [afterLimit] = await app.database.db
      .select()
      .from(partnerPushes)
      .where(eq(partnerPushes.id, first.id));
    expect(afterLimit.status).toBe("queued");
    expect(afterLimit.nextAttemptAt!.getTime() - clock).toBe(120_000);

    wpServer.setHandler(wp.handler);
    setClock(clock + 60_000);
    await app.jobs.runNow("partner:send-queue");
    expect(
      (await app.database.db.select().from(partnerPushes).where(eq(partnerPushes.id, first.id)))[0]
        .status,
    ).toBe("queued");
    setClock(clock + 60_000);
    await app.jobs.runNow("partner:send-queue");
    const [sent] = await app.database.db
      .select()
      .from(partnerPushes)
      .where(eq(partnerPushes.id, first.id));
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(3);
  });

  it("retries a site in maintenance whose REST root is not known yet, and fails a wrong address at once", async () => {
    // A site of its own: its home page has never been asked in this process.
    const site = await startFakeServer((_request, response) =>
      sendJson(response, 503, { code: "maintenance" }),
    );
    try {
      const partner = await createPartner({ url: site.url });
      const push = (await onboard((await publishedArticle()).id, partner.id)).json().data.push;
      expect(push.status).toBe("queued");
      expect(push.error).toContain("server error (503)");
      // It comes back: its home page leads to the REST API, and the queued article goes out once.
      site.setHandler(wp.handler);
      setClock(clock + 30_000);
      await app.jobs.runNow("partner:send-queue");
      const [row] = await app.database.db
        .select()
        .from(partnerPushes)
        .where(eq(partnerPushes.id, push.id));
      expect(row.status).toBe("sent");

      site.setHandler((_request, response) => sendJson(response, 404, { code: "not_found" }));
      const wrong = await createPartner({ url: `${site.url}/blog` });
      const failed = (await onboard((await publishedArticle()).id, wrong.id)).json().data.push;
      expect(failed.status).toBe("failed");
      expect(failed.error).toContain("answered 404, so its REST API could not be found");
    } finally {
      await site.close();
    }
  });

  it("fails at once on wrong credentials; looks a malformed answer's post up before sending again", async () => {
    const wrong = await createPartner({ secret: "not the password" });
    const refused = (await onboard((await publishedArticle()).id, wrong.id)).json().data.push;
    expect(refused.status).toBe("failed");
    expect(refused.error).toContain("refused our credentials (401)");

    const partner = await createPartner();
    wpServer.setHandler((_request, response) => {
      response.statusCode = 201;
      response.setHeader("content-type", "application/json");
      response.end('{"id": 5, "link": ');
    });
    const malformed = (await onboard((await publishedArticle()).id, partner.id)).json().data.push;
    // The post may exist there: retried later, and looked up first (never created twice).
    expect(malformed.status).toBe("queued");
    expect(malformed.error).toContain("could not read");
    const [row] = await app.database.db
      .select()
      .from(partnerPushes)
      .where(eq(partnerPushes.id, malformed.id));
    expect(row.lookupFirst).toBe(true);
  });

  it("retries a partner that does not answer", async () => {
    const partner = await createPartner();
    wpServer.setHandler(hang);
    const push = (await onboard((await publishedArticle()).id, partner.id)).json().data.push;
    expect(push.status).toBe("queued");
    expect(push.error).toContain("did not answer in time");
  });

  it("explains unknown, unpublished and too many articles", async () => {
    const partner = await createPartner();
    expect((await onboard(999_999, partner.id)).statusCode).toBe(404);
    const draft = await insertArticle(app, { authorId, status: "draft", publishedAt: null });
    const unpublished = await onboard(draft.id, partner.id);
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json().error).toContain("Only published articles");
    const tooMany = await call("POST", "/api/aurumwire/onboard/bulk", {
      articleIds: Array.from({ length: 51 }, (_, i) => i + 1),
      partnerId: partner.id,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain("At most 50");
    const mixed = await call("POST", "/api/aurumwire/onboard/bulk", {
      articleIds: [(await publishedArticle()).id, draft.id, 999_999],
      options: { partnerId: partner.id },
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().data).toMatchObject({ total: 3, accepted: 1, sent: 1, failed: 2 });
    expect((await call("POST", "/api/aurumwire/onboard/abc", {})).statusCode).toBe(400);
  });

  it("backs off 30 s, doubling, at most 30 minutes", () => {
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 1_800_000]);
  });
});
