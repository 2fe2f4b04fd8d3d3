import { campaignArticlesSchema, campaignDraftSchema } from "@aurumwire/shared/campaigns";
import { databaseId } from "@aurumwire/shared/database-id";
import { editorRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CampaignsService } from "./service";

const idParams = z.object({ id: databaseId("Campaign id must be a positive whole number") });

/** `/api/campaigns` (spec point 7 names no paths): templates, campaigns and their life cycle. */
export const campaignRoutes: FastifyPluginAsyncZod<{ campaigns: CampaignsService }> = async (
  app,
  { campaigns },
) => {
  const editors = app.requireRoles(editorRoles, "manage campaigns");
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get("/templates", { preHandler: editors }, async () =>
    ok({ templates: campaigns.templates() }),
  );
  app.get("/", { preHandler: editors }, async () => ok({ campaigns: await campaigns.list() }));
  app.post(
    "/",
    { preHandler: editors, schema: { body: campaignDraftSchema } },
    async (request, reply) =>
      reply.status(201).send(ok(await campaigns.create(request.user!, request.body))),
  );
  app.get("/:id", { preHandler: editors, schema: { params: idParams } }, async (request) =>
    ok(await campaigns.detail(request.params.id)),
  );
  app.post(
    "/:id/articles",
    { preHandler: editors, schema: { params: idParams, body: campaignArticlesSchema } },
    async (request) =>
      ok(await campaigns.addArticles(request.user!, request.params.id, request.body.articleIds)),
  );
  for (const action of ["launch", "resume"] as const) {
    app.post(
      `/:id/${action}`,
      { preHandler: editors, schema: { params: idParams } },
      async (request) => ok(await campaigns.launch(request.params.id)),
    );
  }
  app.post(
    "/:id/ai-drafts",
    { preHandler: editors, schema: { params: idParams } },
    async (request, reply) => {
      const controller = new AbortController();
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return ok(await campaigns.aiDraft(request.user!, request.params.id, controller.signal));
    },
  );
  app.post("/:id/pause", { preHandler: editors, schema: { params: idParams } }, async (request) =>
    ok(await campaigns.pause(request.params.id)),
  );
  app.post("/:id/cancel", { preHandler: editors, schema: { params: idParams } }, async (request) =>
    ok(await campaigns.cancel(request.params.id)),
  );
};
