import { storageKeys } from "@aurumwire/shared/limits";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
// The run's database templates (vitest's provided context) as the server tests declare them.
import type {} from "../../../server/test/global-setup";
import { buildTestApp, demo } from "../../../server/test/helpers";

/**
 * The real server behind a component test: the whole app on an in-memory copy of the seeded demo
 * database (the server tests' `buildTestApp`), answering the page's `fetch("/api/...")` through
 * `app.inject`, so a screen talks to the routes, schemas and rules it talks to in production and
 * nothing of ours is mocked. Call once at the top of a test file (it registers its own beforeAll and afterAll).
 */
export function startApiServer() {
  let app: FastifyInstance | undefined;
  const pageFetch = globalThis.fetch;
  beforeAll(async () => {
    app = await buildTestApp();
    const server = app;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(String(input), window.location.href), init);
      const url = new URL(request.url);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const answer = await server.inject({
        method: request.method as "GET",
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        payload: body,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) headers.set(name, String(value));
      }
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers,
      });
    }) as typeof fetch;
  });
  afterAll(async () => {
    globalThis.fetch = pageFetch;
    await app?.close();
  });
  return {
    get app(): FastifyInstance {
      if (!app) throw new Error("the API server starts in beforeAll");
      return app;
    },
    /** Signs a demo account in as the login form does: its token and user in local storage. */
    async signInAs(who: keyof typeof demo) {
      if (!app) throw new Error("the API server starts in beforeAll");
      const answer = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: demo[who],
      });
      if (answer.statusCode !== 200) throw new Error(`sign-in as ${who}: ${answer.body}`);
      const { token, user } = answer.json();
      window.localStorage.setItem(storageKeys.token, token);
      window.localStorage.setItem(storageKeys.user, JSON.stringify(user));
      return user as { id: number; role: string; name: string };
    },
  };
}
