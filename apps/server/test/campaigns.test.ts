import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertArticle, userId } from "./article-fixtures";
import { ollamaHandler } from "./fake-ai-servers";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { fakeWebhook, fakeWordPress } from "./fake-partners";
import { buildTestApp, demo, loginAs } from "./helpers";

let clock = Date.parse("2026-04-01T08:00:00Z");
let app: FastifyInstance;
let wpServer: FakeServer;
let ollama: FakeServer;
let editor: { authorization: string };
let authorId: number;
const wp = fakeWordPress({
  user: "desk",
  appPassword: "wxyz 1234 ABCD 5678",
  baseUrl: () => wpServer.url,
});

const draft = (overrides: Record<string, unknown> = {}) => ({
  name: "Spring DeFi push",
  description: "Four articles about the new lending protocol.",
  template: "defi_launch",
  budget: { amount: 5000, allocation: { content: 60, promotion: 30, analytics: 10 } },
  schedule: {
    startDate: "2026-04-01T00:00:00.000Z",
    endDate: "2026-05-01T00:00:00.000Z",
    postingFrequency: "daily",
  },
  targetAudience: {
    demographics: ["yield farmers"],
    interests: ["Yield Farming"],
    platforms: ["AurumWire"],
  },
  compliance: { aurumwireEnabled: true, riskLevel: "medium", disclaimers: ["DYOR"] },
  content: {
    articles: [],
    contentThemes: [],
    hashtags: ["#DeFi"],
    aiContent: { messageToPortray: "", contentType: "meme", tone: "viral", targetLength: "medium" },
  },
  status: "draft",
  ...overrides,
});

beforeAll(async () => {
  wpServer = await startFakeServer(wp.handler);
  ollama = await startFakeServer(ollamaHandler);
  app = await buildTestApp(
    { partnerClock: () => clock },
    {
      PARTNER_API_URL: wpServer.url,
      PARTNER_API_KEY: "desk:wxyz 1234 ABCD 5678",
      OLLAMA_URL: ollama.url,
      OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32",
    },
  );
  editor = await loginAs(app, "editor");
  authorId = await userId(app, demo.author.email);
});

afterAll(async () => {
  await app?.close();
  await wpServer?.close();
  await ollama?.close();
});

describe("campaigns", () => {
  it("lists the six templates with the product's AI template", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/campaigns/templates",
      headers: editor,
    });
    const templates = response.json().data.templates as Array<{
      id: string;
      estimatedReach: number;
    }>;
    expect(templates).toHaveLength(6);
    expect(templates.map((template) => template.id)).toContain("aurumwire_media_ai");
    for (const template of templates) {
      expect(template.estimatedReach).toBeGreaterThanOrEqual(25000);
      expect(template.estimatedReach).toBeLessThanOrEqual(75000);
    }
    const author = await loginAs(app, "author");
    expect(
      (await app.inject({ method: "GET", url: "/api/campaigns/templates", headers: author }))
        .statusCode,
    ).toBe(403);
  });

  it("validates the draft: name, template, the AI message, dates", async () => {
    const post = (payload: unknown) =>
      app.inject({
        method: "POST",
        url: "/api/campaigns",
        headers: editor,
        payload: payload as object,
      });
    expect((await post(draft({ name: " " }))).json().error).toContain("Campaign name is required");
    expect((await post(draft({ template: "nope" }))).statusCode).toBe(400);
    const ai = await post(draft({ template: "aurumwire_media_ai" }));
    expect(ai.statusCode).toBe(400);
    expect(ai.body).toContain("Message to Portray");
    const dates = await post(
      draft({ schedule: { startDate: "2026-05-01T00:00:00Z", endDate: "2026-04-01T00:00:00Z" } }),
    );
    expect(dates.json().error).toContain("end date must be after");
  });

  it("persists a campaign, queues its 4th article on launch, pauses, resumes and cancels", async () => {
    const articles = await Promise.all(
      [1, 2, 3, 4].map(() =>
        insertArticle(app, { authorId, publishedAt: new Date(clock - 24 * 3_600_000) }),
      ),
    );
    const created = await app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: editor,
      payload: draft({
        content: { articles: articles.map((article) => article.id), hashtags: [] },
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { campaign, pushes } = created.json().data;
    expect(campaign).toMatchObject({
      status: "draft",
      template: { name: "DeFi Protocol Launch" },
      budget: { amount: 5000 },
    });
    expect(pushes.map((push: { status: string }) => push.status)).toEqual([
      "held",
      "held",
      "held",
      "held",
    ]);
    expect(wp.posts.size).toBe(0);

    const listed = await app.inject({ method: "GET", url: "/api/campaigns", headers: editor });
    expect(listed.json().data.campaigns[0]).toMatchObject({ id: campaign.id, counts: { held: 4 } });

    const launched = (
      await app.inject({
        method: "POST",
        url: `/api/campaigns/${campaign.id}/launch`,
        headers: editor,
      })
    ).json().data;
    expect(launched.campaign.status).toBe("active");
    const states = launched.pushes.map((push: { status: string }) => push.status).sort();
    expect(states).toEqual(["queued", "sent", "sent", "sent"]);
    const queued = launched.pushes.find((push: { status: string }) => push.status === "queued");
    expect(queued.slotAt).toBe(new Date(clock + 24 * 3_600_000).toISOString());
    expect(wp.posts.size).toBe(3);

    const paused = (
      await app.inject({
        method: "POST",
        url: `/api/campaigns/${campaign.id}/pause`,
        headers: editor,
      })
    ).json().data;
    expect(paused.campaign.status).toBe("paused");
    expect(paused.pushes.filter((push: { status: string }) => push.status === "held")).toHaveLength(
      1,
    );
    clock += 25 * 3_600_000;
    await app.jobs.runNow("partner:send-queue");
    expect(wp.posts.size).toBe(3);

    const resumed = (
      await app.inject({
        method: "POST",
        url: `/api/campaigns/${campaign.id}/resume`,
        headers: editor,
      })
    ).json().data;
    expect(wp.posts.size).toBe(4);
    expect(resumed.campaign.status).toBe("completed");

    const cancel = await app.inject({
      method: "POST",
      url: `/api/campaigns/${campaign.id}/cancel`,
      headers: editor,
    });
    expect(cancel.statusCode).toBe(409);
  });

  it("answers 'Campaign not found' for an unknown id", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/campaigns/98765",
      headers: editor,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("Campaign not found");
  });

  it("cancels the pushes of a cancelled campaign", async () => {
    const article = await insertArticle(app, {
      authorId,
      publishedAt: new Date(clock - 24 * 3_600_000),
    });
    const created = (
      await app.inject({
        method: "POST",
        url: "/api/campaigns",
        headers: editor,
        payload: draft({ content: { articles: [article.id] } }),
      })
    ).json().data;
    const cancelled = (
      await app.inject({
        method: "POST",
        url: `/api/campaigns/${created.campaign.id}/cancel`,
        headers: editor,
      })
    ).json().data;
    expect(cancelled.campaign.status).toBe("cancelled");
    expect(cancelled.pushes[0].status).toBe("cancelled");
  });
});

describe("AI drafts", () => {
  it("writes a draft from the campaign's message, tone and length, kept for review", async () => {
    const created = (
      await app.inject({
        method: "POST",
        url: "/api/campaigns",
        headers: editor,
        payload: draft({
          name: "AI self-custody week",
          template: "aurumwire_media_ai",
          content: {
            hashtags: ["#selfcustody"],
            aiContent: {
              messageToPortray: "Self-custody of bitcoin is simpler than it looks",
              contentType: "general",
              tone: "educational",
              targetLength: "long",
            },
          },
        }),
      })
    ).json().data;
    const answer = await app.inject({
      method: "POST",
      url: `/api/campaigns/${created.campaign.id}/ai-drafts`,
      headers: editor,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [aiDraft] = answer.json().data.aiDrafts;
    expect(aiDraft).toMatchObject({ status: "draft" });
    // What the model was asked: the message, the tone and the campaign's word range.
    const asked = ollama.requests.map((request) => request.body).join("\n");
    expect(asked).toContain("Self-custody of bitcoin is simpler than it looks");
    expect(asked).toContain("800-1200 words");
    // Unpublished: it cannot be sent before a person publishes it.
    const onboard = await app.inject({
      method: "POST",
      url: `/api/aurumwire/onboard/${aiDraft.articleId}`,
      headers: editor,
      payload: {},
    });
    expect(onboard.statusCode).toBe(409);
    const again = await app.inject({
      method: "GET",
      url: `/api/campaigns/${created.campaign.id}`,
      headers: editor,
    });
    expect(again.json().data.aiDrafts).toHaveLength(1);
  });

  it("refuses a campaign without a message", async () => {
    const created = (
      await app.inject({ method: "POST", url: "/api/campaigns", headers: editor, payload: draft() })
    ).json().data;
    const answer = await app.inject({
      method: "POST",
      url: `/api/campaigns/${created.campaign.id}/ai-drafts`,
      headers: editor,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toContain("no message to portray");
  });

  it("sends a campaign to several partners, each under its own rule", async () => {
    const admin = await loginAs(app, "admin");
    const hook = fakeWebhook({ secret: "campaign-webhook-secret" });
    const hookServer = await startFakeServer(hook.handler);
    try {
      const partners = await app.inject({
        method: "GET",
        url: "/api/aurumwire/partners",
        headers: admin,
      });
      const wordpress = partners.json().data.partners[0].id as number;
      const created = await app.inject({
        method: "POST",
        url: "/api/aurumwire/partners",
        headers: admin,
        payload: {
          name: "Partner webhook",
          kind: "webhook",
          url: `${hookServer.url}/hook`,
          secret: "campaign-webhook-secret",
          maxArticles: 1,
          windowHours: 24,
        },
      });
      const webhook = created.json().data.partner.id as number;
      const articles = await Promise.all(
        [1, 2].map(() =>
          insertArticle(app, { authorId, publishedAt: new Date(clock - 24 * 3_600_000) }),
        ),
      );
      const response = await app.inject({
        method: "POST",
        url: "/api/campaigns",
        headers: editor,
        payload: draft({
          name: "Two partners",
          partnerIds: [wordpress, webhook],
          content: { ...draft().content, articles: articles.map((article) => article.id) },
        }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().data.campaign.id as number;
      expect(response.json().data.campaign.partnerIds).toEqual([wordpress, webhook]);
      const launched = await app.inject({
        method: "POST",
        url: `/api/campaigns/${id}/launch`,
        headers: editor,
      });
      const pushes = launched.json().data.pushes as Array<{ partnerId: number; status: string }>;
      expect(pushes).toHaveLength(4);
      const on = (partnerId: number, status: string) =>
        pushes.filter((push) => push.partnerId === partnerId && push.status === status).length;
      // The webhook partner takes 1 a day, the WordPress partner its own rule's share.
      expect(on(webhook, "sent")).toBe(1);
      expect(on(webhook, "queued")).toBe(1);
      expect(on(wordpress, "sent") + on(wordpress, "queued")).toBe(2);
      expect(hook.received.filter((item) => item.event === "article.published")).toHaveLength(1);

      const unknown = await app.inject({
        method: "POST",
        url: "/api/campaigns",
        headers: editor,
        payload: draft({ partnerIds: [999_999] }),
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toContain("Partner connection not found");
    } finally {
      await hookServer.close();
    }
  });
});
