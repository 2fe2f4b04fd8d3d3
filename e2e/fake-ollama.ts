// The AI writer's Ollama in the e2e run (no model can run here): the server tests' stand-in
// (apps/server/test/fake-ai-servers.ts), which speaks Ollama's protocol (GET /api/tags, POST
// /api/chat streaming NDJSON), on the port the config gives, its stream paced so that a spec can
// watch the progress and cancel midway. One stand-in for both suites; run through tsx.
import { pacedOllamaHandler } from "../apps/server/test/fake-ai-servers";
import { startFakeServer } from "../apps/server/test/fake-http-server";

await startFakeServer(pacedOllamaHandler(Number(process.env.FAKE_OLLAMA_DELAY_MS ?? 150)), {
  port: Number(process.env.FAKE_OLLAMA_PORT),
});
