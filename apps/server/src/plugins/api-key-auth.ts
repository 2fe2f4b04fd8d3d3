import type { ApiKeyPermission } from "@aurumwire/shared/api-keys";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type ApiKeyCheckOptions, createApiKeyCheck } from "../lib/api-key-auth";
import type { AuthenticatedApiKey } from "../modules/api-keys/service";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The API key permission a public route needs; routes without one are open (docs). */
    apiKeyPermission?: ApiKeyPermission;
  }
  interface FastifyRequest {
    /** The API key of a public API request, set once it passed every check. */
    apiKey: AuthenticatedApiKey | null;
  }
}

/**
 * Registered inside the /public scope: every route there that names its permission in
 * `config.apiKeyPermission` is checked by lib/api-key-auth.ts before anything else.
 */
export default fp(
  async function apiKeyAuthPlugin(app: FastifyInstance, options: ApiKeyCheckOptions) {
    const checkApiKey = createApiKeyCheck(options);
    app.decorateRequest("apiKey", null);
    app.addHook("onRequest", async (request, reply) => {
      const permission = request.routeOptions.config?.apiKeyPermission;
      if (!permission) return;
      request.apiKey = await checkApiKey(request, reply, permission);
    });
  },
  { name: "api-key-auth" },
);
