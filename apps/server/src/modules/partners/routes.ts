import { databaseId } from "@aurumwire/shared/database-id";
import { okResponse } from "@aurumwire/shared/ok-response";
import {
  termMappingInputSchema,
  termMappingListSchema,
  termMappingQuerySchema,
} from "@aurumwire/shared/partner-terms";
import {
  bulkOnboardResultSchema,
  complianceStatusSchema,
  connectionTestResultSchema,
  integrationStatusSchema,
  partnerConnectionViewSchema,
  partnerPushViewSchema,
  recommendedArticleSchema,
} from "@aurumwire/shared/partner-views";
import {
  createPartnerConnectionSchema,
  onboardBodySchema,
  onboardBulkSchema,
  onboardParamsSchema,
  partnerIdQuerySchema,
  pushIdParamsSchema,
  recommendationsQuerySchema,
  updatePartnerConnectionSchema,
} from "@aurumwire/shared/partners";
import { editorRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PartnersService } from "./service";

const idParams = z.object({ id: databaseId("Partner id must be a positive whole number") });
const pushesQuery = z.object({
  partnerId: databaseId("Partner id must be a positive whole number").optional(),
  campaignId: databaseId("Campaign id must be a positive whole number").optional(),
  articleId: databaseId("Article id must be a positive whole number").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * Every answer is encoded through its schema, the allowlist of what leaves the server: a
 * connection's secret is in none of them, so it never reaches a client (issue 28).
 */
const answers = {
  status: { 200: okResponse(integrationStatusSchema) },
  test: { 200: okResponse(connectionTestResultSchema) },
  compliance: { 200: okResponse(complianceStatusSchema) },
  bulk: { 200: okResponse(bulkOnboardResultSchema) },
  push: { 200: okResponse(z.object({ push: partnerPushViewSchema })) },
  recommendations: {
    200: okResponse(z.object({ articles: z.array(recommendedArticleSchema) })),
  },
  pushes: { 200: okResponse(z.object({ pushes: z.array(partnerPushViewSchema) })) },
  partners: { 200: okResponse(z.object({ partners: z.array(partnerConnectionViewSchema) })) },
  partner: okResponse(z.object({ partner: partnerConnectionViewSchema })),
  terms: { 200: okResponse(termMappingListSchema) },
  deleted: {
    200: okResponse(
      z.object({ deleted: z.boolean(), connection: partnerConnectionViewSchema.nullable() }),
    ),
  },
};

/**
 * The partner integration endpoints of spec point 7 (each answers `{ success, data }`), plus the
 * connections an admin manages and the ledger. Editors and admins use them (the Campaigns menu);
 * changing connections and resetting the compliance counter is for admins, and is logged.
 */
export const partnerRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  app,
  { partners },
) => {
  const editors = app.requireRoles(editorRoles, "use the partner integration");
  const admins = app.requireRoles(["admin"], "manage partner connections");
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get(
    "/status",
    {
      preHandler: editors,
      schema: { querystring: partnerIdQuerySchema, response: answers.status },
    },
    async (request) => ok(await partners.status(request.query.partnerId)),
  );

  app.get(
    "/test",
    { preHandler: editors, schema: { querystring: partnerIdQuerySchema, response: answers.test } },
    async (request) => ok(await partners.test(request.query.partnerId)),
  );

  app.get(
    "/compliance",
    {
      preHandler: editors,
      schema: { querystring: partnerIdQuerySchema, response: answers.compliance },
    },
    async (request) => ok(await partners.compliance(request.query.partnerId)),
  );

  app.post(
    "/compliance/reset",
    {
      preHandler: app.requireRoles(["admin"], "reset the partner compliance counter"),
      schema: { querystring: partnerIdQuerySchema, response: answers.compliance },
    },
    async (request) => ok(await partners.resetCompliance(request.user!, request.query.partnerId)),
  );

  app.post(
    "/onboard/bulk",
    { preHandler: editors, schema: { body: onboardBulkSchema, response: answers.bulk } },
    async (request) =>
      ok(
        await partners.onboardBulk(
          request.user!,
          request.body.articleIds,
          request.body.partnerId ?? request.body.options?.partnerId,
        ),
      ),
  );

  app.post(
    "/onboard/:articleId",
    {
      preHandler: editors,
      schema: {
        params: onboardParamsSchema,
        body: onboardBodySchema,
        response: { 200: answers.push[200], 202: answers.push[200] },
      },
    },
    async (request, reply) => {
      const push = await partners.onboard(request.user!, request.params.articleId, {
        partnerId: request.body.partnerId,
      });
      return reply.status(push.status === "queued" ? 202 : 200).send(ok({ push }));
    },
  );

  app.get(
    "/recommendations",
    {
      preHandler: editors,
      schema: { querystring: recommendationsQuerySchema, response: answers.recommendations },
    },
    async (request) =>
      ok({
        articles: await partners.recommendations(request.query.limit, request.query.partnerId),
      }),
  );

  app.get(
    "/pushes",
    { preHandler: editors, schema: { querystring: pushesQuery, response: answers.pushes } },
    async (request) => ok({ pushes: await partners.listPushes(request.query) }),
  );

  // The Syndication log's actions (issue 28): each answers the push it made.
  app.post(
    "/pushes/:id/retry",
    { preHandler: editors, schema: { params: pushIdParamsSchema, response: answers.push } },
    async (request) => ok({ push: await partners.retry(request.user!, request.params.id) }),
  );
  app.post(
    "/pushes/:id/send-as-new",
    { preHandler: editors, schema: { params: pushIdParamsSchema, response: answers.push } },
    async (request) =>
      ok({ push: await partners.sendAgainAsNew(request.user!, request.params.id) }),
  );
  app.post(
    "/pushes/:id/withdraw",
    { preHandler: editors, schema: { params: pushIdParamsSchema, response: answers.push } },
    async (request) => ok({ push: await partners.withdraw(request.user!, request.params.id) }),
  );

  app.get("/partners", { preHandler: editors, schema: { response: answers.partners } }, async () =>
    ok({ partners: await partners.listConnections() }),
  );

  // The term mapping of a connection (decision 175): editors correct it.
  app.get(
    "/partners/:id/terms",
    { preHandler: editors, schema: { params: idParams, response: answers.terms } },
    async (request) => ok(await partners.terms.list(request.params.id)),
  );
  app.put(
    "/partners/:id/terms",
    {
      preHandler: editors,
      schema: { params: idParams, body: termMappingInputSchema, response: answers.terms },
    },
    async (request) => ok(await partners.terms.set(request.user!, request.params.id, request.body)),
  );
  app.delete(
    "/partners/:id/terms",
    {
      preHandler: editors,
      schema: { params: idParams, querystring: termMappingQuerySchema, response: answers.terms },
    },
    async (request) =>
      ok(
        await partners.terms.remove(
          request.user!,
          request.params.id,
          request.query.taxonomy,
          request.query.slug,
        ),
      ),
  );

  app.post(
    "/partners",
    {
      preHandler: admins,
      schema: { body: createPartnerConnectionSchema, response: { 201: answers.partner } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok({ partner: await partners.createConnection(request.user!, request.body) })),
  );

  app.put(
    "/partners/:id",
    {
      preHandler: admins,
      schema: {
        params: idParams,
        body: updatePartnerConnectionSchema,
        response: { 200: answers.partner },
      },
    },
    async (request) =>
      ok({
        partner: await partners.updateConnection(request.user!, request.params.id, request.body),
      }),
  );

  app.delete(
    "/partners/:id",
    { preHandler: admins, schema: { params: idParams, response: answers.deleted } },
    async (request) => ok(await partners.deleteConnection(request.user!, request.params.id)),
  );
};
