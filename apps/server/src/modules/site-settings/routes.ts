import {
  siteSettingsResponseSchema,
  siteSettingsUpdateSchema,
} from "@aurumwire/shared/site-settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SiteSettingsService } from "./service";

/** GET is public (the home page reads it); PUT is for admins only (spec point 6). */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{
  siteSettings: SiteSettingsService;
}> = async (app, { siteSettings }) => {
  app.get(
    "/site-settings",
    { schema: { response: { 200: siteSettingsResponseSchema } } },
    async () => ({ data: await siteSettings.getSiteSettings() }),
  );

  app.put(
    "/site-settings",
    {
      preHandler: app.requireRoles(["admin"], "change site settings"),
      schema: { body: siteSettingsUpdateSchema, response: { 200: siteSettingsResponseSchema } },
    },
    async (request) => ({
      data: await siteSettings.updateSiteSettings(request.body, request.user!.id),
    }),
  );
};
