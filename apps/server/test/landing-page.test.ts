import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLandingPageRepository } from "../src/modules/landing-page/repository";
import { buildTestApp, loginAs } from "./helpers";

let app: FastifyInstance;
let admin: { authorization: string };
let editor: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, "admin");
  editor = await loginAs(app, "editor");
});
afterAll(async () => {
  await app?.close();
});

type Section = { id: number; sectionType: string; title: string; isActive: boolean };

async function configuration() {
  const response = await app.inject({ method: "GET", url: "/api/landing-page/configuration" });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    sections: Section[];
    content: Record<string, string>;
    featured: { heroArticleId: number | null; editorsPickIds: number[] };
    charts: unknown[];
  };
}

describe("landing page configuration", () => {
  it("is public and starts with the default sections in the layout's order", async () => {
    const { sections, content } = await configuration();
    expect(sections.map((section) => section.sectionType)).toEqual([
      "hero",
      "featured_articles",
      "latest_news",
      "market_analytics",
    ]);
    expect(sections.every((section) => section.isActive)).toBe(true);
    expect(sections[1]?.title).toBe("Editor's Picks");
    expect(content.heroTitle).toBe("Premium Crypto Intelligence");
  });

  it("adds a section with the type label as the default title, at the end", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/landing-page/sections",
      headers: editor,
      payload: { sectionType: "trending", isActive: true, configuration: { itemCount: 3 } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      sectionType: "trending",
      title: "Trending",
      configuration: { itemCount: 3 },
    });
    // The cached configuration read was dropped by the write.
    const { sections } = await configuration();
    expect(sections.at(-1)?.sectionType).toBe("trending");
  });

  it("refuses an unknown type or a bad configuration with a readable 400", async () => {
    const badType = await app.inject({
      method: "POST",
      url: "/api/landing-page/sections",
      headers: admin,
      payload: { sectionType: "poll", title: "Vote" },
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error).toMatch(/Section type must be one of hero/);
    const badCount = await app.inject({
      method: "POST",
      url: "/api/landing-page/sections",
      headers: admin,
      payload: { sectionType: "latest_news", configuration: { itemCount: 500 } },
    });
    expect(badCount.statusCode).toBe(400);
    expect(badCount.json().error).toMatch(/at most 60 items/);
  });

  it("toggles a section and renames it; the read shows it at once", async () => {
    const { sections } = await configuration();
    const target = sections[2]!;
    const off = await app.inject({
      method: "PUT",
      url: `/api/landing-page/sections/${target.id}`,
      headers: editor,
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ id: target.id, isActive: false, title: target.title });
    expect((await configuration()).sections.find((s) => s.id === target.id)?.isActive).toBe(false);

    const renamed = await app.inject({
      method: "PUT",
      url: `/api/landing-page/sections/${target.id}`,
      headers: editor,
      payload: { title: "Fresh off the wire", isActive: true },
    });
    expect(renamed.json().data).toMatchObject({ title: "Fresh off the wire", isActive: true });
  });

  it("reorders when every section is named once, and refuses anything else whole", async () => {
    const before = (await configuration()).sections.map((section) => section.id);
    const reversed = [...before].reverse();
    const ok = await app.inject({
      method: "POST",
      url: "/api/landing-page/sections/reorder",
      headers: admin,
      payload: { sectionIds: reversed },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.map((section: Section) => section.id)).toEqual(reversed);
    expect((await configuration()).sections.map((section) => section.id)).toEqual(reversed);

    for (const sectionIds of [
      reversed.slice(1), // one missing
      [...reversed, 999_999], // one unknown
      [reversed[0], ...reversed.slice(0, -1)], // one twice, one missing
    ]) {
      const refused = await app.inject({
        method: "POST",
        url: "/api/landing-page/sections/reorder",
        headers: admin,
        payload: { sectionIds },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(/nothing was changed/);
    }
    expect((await configuration()).sections.map((section) => section.id)).toEqual(reversed);
  });

  it("deletes a section, and answers 404 for one that is not there", async () => {
    const { sections } = await configuration();
    const last = sections.at(-1)!;
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/landing-page/sections/${last.id}`,
      headers: editor,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await configuration()).sections.some((section) => section.id === last.id)).toBe(false);
    const again = await app.inject({
      method: "DELETE",
      url: `/api/landing-page/sections/${last.id}`,
      headers: editor,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("landing_section_not_found");
  });

  it("refuses every write without an admin or editor token", async () => {
    const { sections } = await configuration();
    const id = sections[0]!.id;
    const author = await loginAs(app, "author");
    const reader = await loginAs(app, "reader");
    const writes = [
      {
        method: "POST" as const,
        url: "/api/landing-page/sections",
        payload: { sectionType: "hero" },
      },
      {
        method: "PUT" as const,
        url: `/api/landing-page/sections/${id}`,
        payload: { isActive: false },
      },
      {
        method: "POST" as const,
        url: "/api/landing-page/sections/reorder",
        payload: { sectionIds: [id] },
      },
      { method: "DELETE" as const, url: `/api/landing-page/sections/${id}` },
      { method: "PUT" as const, url: "/api/landing-page/charts", payload: { charts: [] } },
    ];
    for (const write of writes) {
      const anonymous = await app.inject(write);
      expect(anonymous.statusCode, `${write.method} ${write.url}`).toBe(401);
      for (const headers of [author, reader]) {
        const refused = await app.inject({ ...write, headers });
        expect(refused.statusCode, `${write.method} ${write.url}`).toBe(403);
      }
    }
    expect((await configuration()).sections[0]).toMatchObject({ id, isActive: true });
  });

  it("saves the editor tab's texts and validates them", async () => {
    const { content } = await configuration();
    const saved = await app.inject({
      method: "PUT",
      url: "/api/landing-page/content",
      headers: editor,
      payload: {
        ...content,
        heroTitle: "Gold-standard crypto news",
        primaryButtonLink: "/trending",
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await configuration()).content.heroTitle).toBe("Gold-standard crypto news");
    const bad = await app.inject({
      method: "PUT",
      url: "/api/landing-page/content",
      headers: editor,
      payload: { ...content, primaryButtonLink: "javascript:alert(1)" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Button link must start with/);
  });

  it("features only published articles", async () => {
    const list = await app.inject({ method: "GET", url: "/api/articles?limit=3" });
    const ids = list.json().articles.map((article: { id: number }) => article.id) as number[];
    const saved = await app.inject({
      method: "PUT",
      url: "/api/landing-page/featured",
      headers: editor,
      payload: { heroArticleId: ids[0], secondaryArticleIds: [], editorsPickIds: [ids[2], ids[1]] },
    });
    expect(saved.statusCode).toBe(200);
    expect((await configuration()).featured).toMatchObject({
      heroArticleId: ids[0],
      editorsPickIds: [ids[2], ids[1]],
    });
    const unknown = await app.inject({
      method: "PUT",
      url: "/api/landing-page/featured",
      headers: editor,
      payload: { heroArticleId: 999_999, secondaryArticleIds: [], editorsPickIds: [] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/999999/);
  });

  it("keeps custom charts of coins, a metric and a period", async () => {
    const saved = await app.inject({
      method: "PUT",
      url: "/api/landing-page/charts",
      headers: admin,
      payload: {
        charts: [
          { id: "majors", title: "Majors by cap", coins: ["btc", "ETH"], metric: "marketCap" },
          {
            id: "week",
            title: "A week of moves",
            coins: ["SOL", "eth"],
            metric: "change",
            period: "7d",
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await configuration()).charts).toEqual([
      // Without a period: the latest figures, as before periods existed.
      {
        id: "majors",
        title: "Majors by cap",
        coins: ["BTC", "ETH"],
        metric: "marketCap",
        period: "latest",
      },
      {
        id: "week",
        title: "A week of moves",
        coins: ["SOL", "ETH"],
        metric: "change",
        period: "7d",
      },
    ]);
  });

  it("refuses a period we keep no history for and coins we do not track", async () => {
    const chart = { id: "c1", title: "Chart", coins: ["BTC"], metric: "price" };
    const longPeriod = await app.inject({
      method: "PUT",
      url: "/api/landing-page/charts",
      headers: admin,
      payload: { charts: [{ ...chart, period: "1y" }] },
    });
    expect(longPeriod.statusCode).toBe(400);
    expect(longPeriod.json().error).toMatch(/Period must be one of latest, 24h, 7d, 30d, 90d/);
    const untracked = await app.inject({
      method: "PUT",
      url: "/api/landing-page/charts",
      headers: admin,
      payload: { charts: [{ ...chart, coins: ["BTC", "PEPE"] }] },
    });
    expect(untracked.statusCode).toBe(400);
    expect(untracked.json().error).toMatch(/not tracked: PEPE/);
    expect((await configuration()).charts).toHaveLength(2);
  });

  it("still reads charts saved before periods existed, as charts of the latest figures", async () => {
    const repository = createLandingPageRepository(app.database.db);
    const before = await repository.findPart("charts");
    await repository.upsertPart(
      "charts",
      [{ id: "old", title: "Saved last year", coins: ["BTC"], metric: "price" }],
      null,
    );
    app.services.pageCache.invalidate(["landing-page"]);
    try {
      expect((await configuration()).charts).toEqual([
        { id: "old", title: "Saved last year", coins: ["BTC"], metric: "price", period: "latest" },
      ]);
    } finally {
      await repository.upsertPart("charts", before?.value ?? [], null);
      app.services.pageCache.invalidate(["landing-page"]);
    }
  });

  it("drops cached pages that show the landing page on every write", async () => {
    const cache = app.services.pageCache;
    let loads = 0;
    const read = () =>
      cache.memo(
        "probe",
        async () => ++loads,
        () => ["landing-page"],
      );
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    const { sections } = await configuration();
    await app.inject({
      method: "PUT",
      url: `/api/landing-page/sections/${sections[0]!.id}`,
      headers: admin,
      payload: { isActive: true },
    });
    expect(await read()).toBe(2);
  });
});
