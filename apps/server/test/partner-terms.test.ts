import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertArticle, userId } from "./article-fixtures";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { fakeWordPress } from "./fake-partners";
import { buildTestApp, demo, loginAs } from "./helpers";

/** Editors adjust a connection's term mapping, and the next send uses it (decision 175). */

const clock = Date.parse("2026-05-06T09:00:00Z");
let app: FastifyInstance;
let wpServer: FakeServer;
let admin: { authorization: string };
let editor: { authorization: string };
const wp = fakeWordPress({
  user: "desk",
  appPassword: "terms PASS 1234 abcd",
  baseUrl: () => wpServer.url,
});

beforeAll(async () => {
  wpServer = await startFakeServer(wp.handler);
  app = await buildTestApp(
    { partnerClock: () => clock, outboundTimeoutMs: 10_000 },
    { OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32" },
  );
  admin = await loginAs(app, "admin");
  editor = await loginAs(app, "editor");
});

afterAll(async () => {
  await app?.close();
  await wpServer?.close();
});

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  headers = editor,
) => app.inject({ method, url: `/api/aurumwire${url}`, headers, ...(payload ? { payload } : {}) });

/** The tag ids of the last post WordPress received. */
const lastPostTags = () => {
  const posts = wpServer.requests.filter(
    (request) => request.method === "POST" && /\/wp\/v2\/posts(\/\d+)?$/.test(request.path),
  );
  return JSON.parse(posts.at(-1)?.body ?? "{}").tags as number[];
};

describe("the term mapping of a connection", () => {
  it("lists what the adapter mapped, lets an editor point a tag at another term, and clears it", async () => {
    const created = await call(
      "POST",
      "/partners",
      {
        name: "Desk WordPress",
        kind: "wordpress",
        url: wpServer.url,
        username: "desk",
        secret: "terms PASS 1234 abcd",
        postStatus: "publish",
        maxArticles: 20,
      },
      admin,
    );
    const partnerId = created.json().data.partner.id as number;
    const authorId = await userId(app, demo.author.email);
    const article = () =>
      insertArticle(app, {
        authorId,
        publishedAt: new Date(clock - 3_600_000),
        tags: ["Bitcoin ETF"],
      });
    expect((await call("POST", `/onboard/${(await article()).id}`, { partnerId })).statusCode).toBe(
      200,
    );
    const listed = (await call("GET", `/partners/${partnerId}/terms`)).json().data;
    expect(listed.supported).toBe(true);
    const tag = listed.mappings.find(
      (mapping: { taxonomy: string; slug: string }) =>
        mapping.taxonomy === "tags" && mapping.slug === "bitcoin-etf",
    );
    expect(tag.remoteId).toMatch(/^\d+$/);
    expect(lastPostTags()).toEqual([Number(tag.remoteId)]);

    // The partner already has an "ETFs" tag (id 777): the editor maps ours to it.
    const mapped = await call("PUT", `/partners/${partnerId}/terms`, {
      taxonomy: "tags",
      slug: "bitcoin-etf",
      remoteId: "777",
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().data.mappings).toContainEqual(
      expect.objectContaining({ taxonomy: "tags", slug: "bitcoin-etf", remoteId: "777" }),
    );
    await call("POST", `/onboard/${(await article()).id}`, { partnerId });
    expect(lastPostTags()).toEqual([777]);

    // Cleared: looked up on the partner again by slug on the next send.
    const cleared = await call(
      "DELETE",
      `/partners/${partnerId}/terms?taxonomy=tags&slug=bitcoin-etf`,
    );
    expect(cleared.statusCode).toBe(200);
    await call("POST", `/onboard/${(await article()).id}`, { partnerId });
    expect(lastPostTags()).toEqual([Number(tag.remoteId)]);

    // Bad input: a clear sentence, never a 500.
    const bad = await call("PUT", `/partners/${partnerId}/terms`, {
      taxonomy: "tags",
      slug: "Bitcoin ETF!",
      remoteId: "abc",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("The partner's term id must be a number");
    const missing = await call("DELETE", `/partners/${partnerId}/terms?taxonomy=tags&slug=nothing`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toContain('No tag "nothing" is mapped');
  });

  it("says when a platform has nothing to map", async () => {
    const created = await call(
      "POST",
      "/partners",
      {
        name: "Desk hook",
        kind: "webhook",
        url: `${wpServer.url}/hook`,
        secret: "hook-secret-for-terms",
      },
      admin,
    );
    const id = created.json().data.partner.id;
    const listed = (await call("GET", `/partners/${id}/terms`)).json().data;
    expect(listed).toMatchObject({ supported: false, mappings: [] });
    expect(listed.message).toContain("nothing to map");
    const refused = await call("PUT", `/partners/${id}/terms`, {
      taxonomy: "tags",
      slug: "x",
      remoteId: 1,
    });
    expect(refused.statusCode).toBe(404);
  });
});
