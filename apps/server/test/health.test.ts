import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "./helpers";

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const health = () => app.inject({ method: "GET", url: "/api/health" });

describe("GET /api/health", () => {
  it("answers ok with every part of the site checked", async () => {
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "ok",
      database: "up",
      parts: { login: "ok", articles: "ok", search: "ok", categories: "ok", apiKeys: "ok" },
    });
  });

  it("reports degraded parts when the catalog is damaged, and recovers with it", async () => {
    // What a damaged catalog looks like from the queries' side: search's column and the users
    // table are gone while `select 1` still answers.
    await app.database.db.execute(
      sql`alter table articles rename column search_vector to broken_vector`,
    );
    await app.database.db.execute(sql`alter table users rename to users_broken`);
    try {
      const response = await health();
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body).toMatchObject({
        status: "degraded",
        database: "up",
        parts: { login: "failing", search: "failing", articles: "ok", categories: "ok" },
      });
      expect(body.failing).toEqual(["login", "search"]);
    } finally {
      await app.database.db.execute(sql`alter table users_broken rename to users`);
      await app.database.db.execute(
        sql`alter table articles rename column broken_vector to search_vector`,
      );
    }
    expect((await health()).statusCode).toBe(200);
  });
});
