import {
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  apiKeyResponseSchema,
  createApiKeySchema,
  createdApiKeyResponseSchema,
  updateApiKeySchema,
} from "@aurumwire/shared/api-keys";
import { staffRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ApiKeysService } from "./service";

/**
 * API key management for staff (docs/decisions/050): everyone on staff manages their own keys,
 * admins see and manage all of them.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (
  app,
  { apiKeys },
) => {
  const staffOnly = app.requireRoles(staffRoles, "manage API keys");

  app.get(
    "/",
    { preHandler: staffOnly, schema: { response: { 200: apiKeyListResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: { apiKeys: await apiKeys.list(request.user!) },
    }),
  );

  app.post(
    "/",
    {
      preHandler: staffOnly,
      schema: { body: createApiKeySchema, response: { 201: createdApiKeyResponseSchema } },
    },
    async (request, reply) => {
      // The secret is in this one answer only: no cache may keep a copy.
      reply.header("cache-control", "no-store");
      return reply
        .status(201)
        .send({ success: true as const, data: await apiKeys.create(request.user!, request.body) });
    },
  );

  app.put(
    "/:id",
    {
      preHandler: staffOnly,
      schema: {
        params: apiKeyIdParamsSchema,
        body: updateApiKeySchema,
        response: { 200: apiKeyResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: { apiKey: await apiKeys.update(request.user!, request.params.id, request.body) },
    }),
  );

  app.delete(
    "/:id",
    {
      preHandler: staffOnly,
      schema: { params: apiKeyIdParamsSchema, response: { 200: apiKeyResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: { apiKey: await apiKeys.revoke(request.user!, request.params.id) },
    }),
  );
};
