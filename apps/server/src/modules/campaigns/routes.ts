import {
  campaignDetailSchema,
  campaignTemplateSchema,
  campaignViewSchema,
} from "@aurumwire/shared/campaign-views";
import { campaignArticlesSchema, campaignDraftSchema } from "@aurumwire/shared/campaigns";
import { databaseId } from "@aurumwire/shared/database-id";
import { okResponse } from "@aurumwire/shared/ok-response";
import { editorRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CampaignsService } from "./service";

const idParams = z.object({ id: databaseId("Campaign id must be a positive whole number") });
/** Every answer is encoded through its schema: what it does not name never leaves (issue 28). */
const detailResponse = { 200: okResponse(campaignDetailSchema) };

/** `/api/campaigns` (spec point 7 names no paths): templates, campaigns and their life cycle. */
export const campaignRoutes: FastifyPluginAsyncZod<{ campaigns: CampaignsService }> = async (
  app,
  { campaigns },
) => {
  const editors = app.requireRoles(editorRoles, "manage campaigns");
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get(
    "/templates",
    {
      preHandler: editors,
      schema: {
        response: { 200: okResponse(z.object({ templates: z.array(campaignTemplateSchema) })) },
      },
    },
    async () => ok({ templates: campaigns.templates() }),
  );
  app.get(
    "/",
    {
      preHandler: editors,
      schema: {
        response: { 200: okResponse(z.object({ campaigns: z.array(campaignViewSchema) })) },
      },
    },
    async () => ok({ campaigns: await campaigns.list() }),
  );
  app.post(
    "/",
    {
      preHandler: editors,
      schema: { body: campaignDraftSchema, response: { 201: okResponse(campaignDetailSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await campaigns.create(request.user!, request.body))),
  );
  app.get(
    "/:id",
    { preHandler: editors, schema: { params: idParams, response: detailResponse } },
    async (request) => ok(await campaigns.detail(request.params.id)),
  );
  app.post(
    "/:id/articles",
    {
      preHandler: editors,
      schema: { params: idParams, body: campaignArticlesSchema, response: detailResponse },
    },
    async (request) =>
      ok(await campaigns.addArticles(request.user!, request.params.id, request.body.articleIds)),
  );
  // The life cycle: each answers the campaign as it is after the step.
  const steps = {
    launch: (id: number) => campaigns.launch(id),
    resume: (id: number) => campaigns.launch(id),
    pause: (id: number) => campaigns.pause(id),
    cancel: (id: number) => campaigns.cancel(id),
  };
  for (const [action, step] of Object.entries(steps)) {
    app.post(
      `/:id/${action}`,
      { preHandler: editors, schema: { params: idParams, response: detailResponse } },
      async (request) => ok(await step(request.params.id)),
    );
  }
  app.post(
    "/:id/ai-drafts",
    { preHandler: editors, schema: { params: idParams, response: detailResponse } },
    async (request, reply) => {
      const controller = new AbortController();
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return ok(await campaigns.aiDraft(request.user!, request.params.id, controller.signal));
    },
  );
};
