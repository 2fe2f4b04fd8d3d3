import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { auditLog, partnerAuditLog, partnerPushes } from "../src/db/schema";
import { userId } from "./article-fixtures";
import { demo } from "./helpers";
import {
  app,
  call,
  clock,
  createPartner,
  editor,
  hour,
  onboard,
  publishedArticle,
  setClock,
  usePartnerHarness,
  wp,
  wpServer,
} from "./partner-harness";

/**
 * The partner's compliance rule (at most N new articles per rolling window): the queue, its slot
 * times, races for the last slot, restarts and several instances, and the admin's reset.
 */
usePartnerHarness();

describe("the compliance rule", () => {
  it("sends 3 in 24 hours, queues the 4th for the moment the window opens, and sends it then once", async () => {
    const partner = await createPartner({ maxArticles: 3, windowHours: 24 });
    const articles = await Promise.all([1, 2, 3, 4].map(() => publishedArticle()));
    const start = clock;
    const answers = [];
    for (const [index, article] of articles.entries()) {
      setClock(start + index * hour); // 09:00, 10:00, 11:00, 12:00
      answers.push(await onboard(article.id, partner.id));
    }
    expect(answers.slice(0, 3).map((answer) => answer.json().data.push.status)).toEqual([
      "sent",
      "sent",
      "sent",
    ]);
    expect(answers[2].json().data.push.remoteUrl).toMatch(/\?p=\d+$/);
    expect(answers[3].statusCode).toBe(202);
    const queued = answers[3].json().data.push;
    expect(queued.status).toBe("queued");
    expect(queued.slotAt).toBe(new Date(start + 24 * hour).toISOString());

    const compliance = (
      await call("GET", `/api/aurumwire/compliance?partnerId=${partner.id}`)
    ).json().data;
    expect(compliance.statistics.articlesLast24Hours).toBe(3);
    expect(compliance.remaining).toBe(0);
    expect(compliance.queued).toBe(1);

    const before = wp.posts.size;
    setClock(start + 24 * hour - 1000);
    await app.jobs.runNow("partner:send-queue");
    expect(wp.posts.size).toBe(before);
    setClock(start + 24 * hour);
    await app.jobs.runNow("partner:send-queue");
    await app.jobs.runNow("partner:send-queue");
    expect(wp.posts.size).toBe(before + 1);
    const pushes = (await call("GET", `/api/aurumwire/pushes?partnerId=${partner.id}`)).json().data
      .pushes;
    expect(pushes.filter((push: { status: string }) => push.status === "sent")).toHaveLength(4);
    // The next one waits for the second article's 24 hours.
    const fifth = await onboard((await publishedArticle()).id, partner.id);
    expect(fifth.json().data.push.slotAt).toBe(new Date(start + 25 * hour).toISOString());
  });

  it("refuses a duplicate request and turns a re-send into an update of the remote post", async () => {
    const partner = await createPartner({ maxArticles: 1 });
    const [first, second] = [await publishedArticle(), await publishedArticle()];
    expect((await onboard(first.id, partner.id)).json().data.push.status).toBe("sent");
    const queued = await onboard(second.id, partner.id);
    expect(queued.json().data.push.status).toBe("queued");
    const duplicate = await onboard(second.id, partner.id);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toContain("already queued");

    const postsBefore = wp.posts.size;
    const resend = await onboard(first.id, partner.id);
    expect(resend.json().data.push).toMatchObject({ action: "update", status: "sent" });
    expect(wp.posts.size).toBe(postsBefore);
    expect(wpServer.requests.at(-1)?.path).toMatch(/^\/wp-json\/wp\/v2\/posts\/\d+$/);
  });

  it("lets only one of two racing requests for the last slot go out now", async () => {
    const partner = await createPartner({ maxArticles: 1 });
    const [a, b] = [await publishedArticle(), await publishedArticle()];
    // The first post to reach WordPress is held there until the other two requests are answered,
    // so they are decided while it is on its way, however the machine schedules the three (on a
    // busy one the first could otherwise finish before the third began, which makes the third a
    // re-send: an update, answered 200).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let posts = 0;
    wpServer.setHandler(async (request, response) => {
      if (request.method === "POST" && request.path === "/wp-json/wp/v2/posts" && posts++ === 0) {
        await held;
      }
      return wp.handler(request, response);
    });
    const requests = [
      onboard(a.id, partner.id),
      onboard(b.id, partner.id),
      onboard(a.id, partner.id),
    ];
    let answered = 0;
    for (const request of requests) {
      void request.then(() => {
        answered += 1;
        if (answered === 2) release();
      });
    }
    const [one, two, same] = await Promise.all(requests);
    expect(posts).toBe(1);
    // The two requests for article a race each other too: either may win, the other is refused.
    const forA = [one, same].sort((x, y) => x.statusCode - y.statusCode);
    expect(forA[1]?.statusCode).toBe(409);
    // Article a or b may take the slot: the other waits for it (202 Accepted, queued).
    const statuses = [forA[0], two].map((answer) => answer.json().data?.push?.status).sort();
    expect(statuses).toEqual(["queued", "sent"]);
    for (const answer of [forA[0], two]) {
      expect(answer?.statusCode).toBe(answer?.json().data.push.status === "queued" ? 202 : 200);
    }
    const rows = await app.database.db
      .select()
      .from(partnerPushes)
      .where(eq(partnerPushes.partnerId, partner.id));
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(1);
  });

  it("keeps a queued push through a restart and sends it once when two instances run the job", async () => {
    const partner = await createPartner({ maxArticles: 1 });
    const [a, b] = [await publishedArticle(), await publishedArticle()];
    await onboard(a.id, partner.id);
    const queued = (await onboard(b.id, partner.id)).json().data.push;
    expect(queued.status).toBe("queued");

    // Two more server processes on the same database (the first one "restarted" into them).
    const shared = { ...app.database, close: async () => {} };
    const build = () => buildApp(app.config, { web: "none", logger: false, database: shared });
    const [second, third] = [await build(), await build()];
    try {
      setClock(Date.parse(queued.slotAt));
      const _postsBefore = wp.posts.size;
      await Promise.all([
        second.jobs.runNow("partner:send-queue"),
        third.jobs.runNow("partner:send-queue"),
        app.jobs.runNow("partner:send-queue"),
      ]);
      expect([...wp.posts.values()].filter((post) => post.title === b.title)).toHaveLength(1);
      const [row] = await app.database.db
        .select()
        .from(partnerPushes)
        .where(eq(partnerPushes.id, queued.id));
      expect(row.status).toBe("sent");
      expect(row.attempts).toBe(1);
    } finally {
      await second.close();
      await third.close();
    }
  });

  it("lets an admin reset the counter, logged; editors may not", async () => {
    const partner = await createPartner({ maxArticles: 1 });
    const [a, b] = [await publishedArticle(), await publishedArticle()];
    await onboard(a.id, partner.id);
    expect((await onboard(b.id, partner.id)).json().data.push.status).toBe("queued");
    const refused = await call(
      "POST",
      `/api/aurumwire/compliance/reset?partnerId=${partner.id}`,
      undefined,
      editor,
    );
    expect(refused.statusCode).toBe(403);
    setClock(clock + 60_000);
    const reset = await call("POST", `/api/aurumwire/compliance/reset?partnerId=${partner.id}`);
    expect(reset.statusCode).toBe(200);
    // The queued article went out under the fresh count.
    expect(reset.json().data).toMatchObject({ queued: 0, remaining: 0 });
    const [entry] = await app.database.db
      .select()
      .from(partnerAuditLog)
      .where(eq(partnerAuditLog.action, "compliance.reset"));
    expect(entry.userId).toBe(await userId(app, demo.admin.email));
    // The newsroom's audit log has the connection, the pushes and the reset (decision 203).
    const audited = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(partner.id)));
    expect(audited.map((row) => row.action)).toEqual(
      expect.arrayContaining(["partner.connection_update", "partner.compliance_reset"]),
    );
    const pushed = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(a.id)));
    expect(pushed.map((row) => row.action)).toContain("partner.push");
  });
});
