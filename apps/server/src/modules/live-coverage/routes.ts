import { articleIdParamsSchema } from "@aurumwire/shared/article-editor";
import {
  liveCoverageResponseSchema,
  liveToggleRequestSchema,
  liveUpdateInputSchema,
  liveUpdateParamsSchema,
  liveUpdateResponseSchema,
  liveUpdatesQuerySchema,
  liveUpdatesResponseSchema,
} from "@aurumwire/shared/live-coverage";
import { editorRoles, staffRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { LiveCoverageService } from "./service";

/** Live coverage (decision 234): /api/articles/{id}/live and /live-updates. */
export const liveCoverageRoutes: FastifyPluginAsyncZod<{ live: LiveCoverageService }> = async (
  app,
  { live },
) => {
  app.post(
    "/articles/:id/live",
    {
      preHandler: app.requireRoles(editorRoles, "start or end live coverage"),
      schema: {
        params: articleIdParamsSchema,
        body: liveToggleRequestSchema,
        response: { 200: liveCoverageResponseSchema },
      },
    },
    async (request) => ({
      coverage: await live.setLive(request.user!, request.params.id, request.body.live),
    }),
  );

  app.post(
    "/articles/:id/live-updates",
    {
      preHandler: app.requireRoles(staffRoles, "post live updates"),
      schema: {
        params: articleIdParamsSchema,
        body: liveUpdateInputSchema,
        response: { 201: liveUpdateResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ update: await live.post(request.user!, request.params.id, request.body) }),
  );

  app.put(
    "/articles/:id/live-updates/:updateId",
    {
      preHandler: app.requireRoles(staffRoles, "correct live updates"),
      schema: {
        params: liveUpdateParamsSchema,
        body: liveUpdateInputSchema,
        response: { 200: liveUpdateResponseSchema },
      },
    },
    async (request) => ({
      update: await live.edit(
        request.user!,
        request.params.id,
        request.params.updateId,
        request.body,
      ),
    }),
  );

  app.delete(
    "/articles/:id/live-updates/:updateId",
    {
      preHandler: app.requireRoles(staffRoles, "remove live updates"),
      schema: { params: liveUpdateParamsSchema },
    },
    async (request, reply) => {
      await live.remove(request.user!, request.params.id, request.params.updateId);
      return reply.status(204).send();
    },
  );

  app.get(
    "/articles/:slugOrId/live-updates",
    {
      schema: {
        params: z.object({ slugOrId: z.string().min(1).max(200) }),
        querystring: liveUpdatesQuerySchema,
        response: { 200: liveUpdatesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache");
      return live.list(request.params.slugOrId, request.query.after);
    },
  );
};
