import {
  generateArticleInputSchema,
  generateArticleResponseSchema,
  generationIdParamsSchema,
  generationLogQuerySchema,
  generationLogResponseSchema,
  researchInputSchema,
  researchResponseSchema,
  saveGeneratedDraftSchema,
  topicsQuerySchema,
  topicsResponseSchema,
  writerModelsResponseSchema,
  writerStatusSchema,
} from "@aurumwire/shared/ai-writer";
import { articleResponseSchema } from "@aurumwire/shared/article-editor";
import { staffRoles } from "@aurumwire/shared/roles";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import type { AiWriterService } from "./service";

const heartbeatMs = 15_000;

/** Aborts when the browser goes away (Cancel, a closed tab) before the answer was sent. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The AI writer's endpoints (spec point 7: /api/ollama/* and POST /api/articles/generate-ollama),
 * for staff only. Generating answers JSON, or with `Accept: text/event-stream` streams progress
 * events ("progress", then "result" or "error"); closing the connection cancels the model call.
 */
export const aiWriterRoutes: FastifyPluginAsyncZod<{ writer: AiWriterService }> = async (
  app,
  { writer },
) => {
  const staffOnly = app.requireRoles(staffRoles, "use the AI article generator");

  app.get(
    "/ollama/status",
    { preHandler: staffOnly, schema: { response: { 200: writerStatusSchema } } },
    async (request) => writer.status(request.user!),
  );

  app.get(
    "/ollama/models",
    { preHandler: staffOnly, schema: { response: { 200: writerModelsResponseSchema } } },
    async () => writer.listModels(),
  );

  app.get(
    "/ollama/generations",
    {
      preHandler: staffOnly,
      schema: {
        querystring: generationLogQuerySchema,
        response: { 200: generationLogResponseSchema },
      },
    },
    async (request) => ({
      generations: await writer.listGenerations(request.user!, request.query.limit),
    }),
  );

  app.get(
    "/ollama/quick-topics",
    {
      preHandler: staffOnly,
      schema: { querystring: topicsQuerySchema, response: { 200: topicsResponseSchema } },
    },
    async (request) => writer.quickTopics(request.query.category),
  );

  app.get(
    "/ollama/trending-topics",
    {
      preHandler: staffOnly,
      schema: { querystring: topicsQuerySchema, response: { 200: topicsResponseSchema } },
    },
    async (request) => writer.trendingTopics(request.query.category),
  );

  app.post(
    "/ollama/research",
    {
      preHandler: staffOnly,
      schema: { body: researchInputSchema, response: { 200: researchResponseSchema } },
    },
    async (request) => writer.research(request.body),
  );

  app.post(
    "/articles/generate-ollama",
    {
      preHandler: staffOnly,
      schema: {
        body: generateArticleInputSchema,
        response: { 200: generateArticleResponseSchema },
      },
    },
    async (request, reply) => {
      const signal = abortOnDisconnect(reply);
      const wantsEvents = /text\/event-stream/i.test(request.headers.accept ?? "");
      if (!wantsEvents) return writer.generate(request.user!, request.body, { signal });

      // What can be refused at once (no provider, daily limit) is answered as a normal error.
      await writer.assertMayGenerate(request.user!);
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
        "x-request-id": request.id,
      });
      const send = (event: string, data: unknown) => {
        if (!reply.raw.destroyed)
          reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      // A comment line now and then keeps proxies from closing a quiet stream while the model
      // writes a long section.
      const heartbeat = setInterval(() => {
        if (!reply.raw.destroyed) reply.raw.write(": keep-alive\n\n");
      }, heartbeatMs);
      try {
        const result = await writer.generate(request.user!, request.body, {
          signal,
          onProgress: (progress) => send("progress", progress),
        });
        send("result", generateArticleResponseSchema.parse(result));
      } catch (error) {
        if (error instanceof AppError) {
          send("error", { error: error.message, code: error.code, status: error.statusCode });
        } else {
          request.log.error({ err: error }, "AI generation failed");
          send("error", {
            error: "Something went wrong on our side. Please try again.",
            code: "internal",
            status: 500,
          });
        }
      } finally {
        clearInterval(heartbeat);
      }
      reply.raw.end();
    },
  );

  app.post(
    "/ollama/generations/:id/draft",
    {
      preHandler: staffOnly,
      schema: {
        params: generationIdParamsSchema,
        body: saveGeneratedDraftSchema,
        response: { 201: articleResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        article: await writer.saveDraft(request.user!, request.params.id, request.body),
      }),
  );
};
