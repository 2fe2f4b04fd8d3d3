import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { ollamaHandler } from "./fake-ai-servers";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";

/**
 * The AI writer files against a local server speaking Ollama's protocol (ai-writer-ollama and
 * ai-writer-ollama-drafts): one app and one stand-in per file, the admin signed in. The bindings
 * below are set by `useOllamaApp()`'s hooks; a test reads them once it runs.
 */

export let app: FastifyInstance;
export let ollama: FakeServer;
export let admin: { authorization: string };
export let categoryId: number;

/** Starts the stand-in and the server before the file's tests, and stops both after. */
export function useOllamaApp() {
  beforeAll(async () => {
    ollama = await startFakeServer(ollamaHandler);
    app = await buildTestApp({}, { OLLAMA_URL: ollama.url, OLLAMA_MODEL: "llama3.1" });
    admin = await loginAs(app, "admin");
    const categories = await app.inject({ method: "GET", url: "/api/categories" });
    const list = categories.json();
    categoryId = (Array.isArray(list) ? list : list.categories)[0].id;
  });
  afterAll(async () => {
    await app?.close();
    await ollama?.close();
  });
  beforeEach(() => {
    ollama.setHandler(ollamaHandler);
    ollama.requests.length = 0;
  });
}

/** Asks for a generated article, as the dashboard's generator does. */
export const generate = (
  payload: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: "POST",
    url: "/api/articles/generate-ollama",
    headers: { ...admin, ...headers },
    payload: { prompt: "Bitcoin halving and miners", keywords: "mining, halving", ...payload },
  });
