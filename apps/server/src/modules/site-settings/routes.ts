import { staffRoles } from "@aurumwire/shared/roles";
import {
  contactDetailsResponseSchema,
  contactDetailsUpdateSchema,
  securitySettingsResponseSchema,
  securitySettingsUpdateSchema,
  siteSettingsResponseSchema,
  siteSettingsUpdateSchema,
  writerStyleGuideResponseSchema,
  writerStyleGuideUpdateSchema,
} from "@aurumwire/shared/site-settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SiteSettingsService } from "./service";

/**
 * GET is public (the home page reads it); PUT is for admins only (spec point 6). The AI writer's
 * style guide has endpoints of its own: it is newsroom-internal.
 */
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

  // The contact details: admins read and change them here; pages read them in-process.
  app.get(
    "/site-settings/contact-details",
    {
      preHandler: app.requireRoles(["admin"], "read the contact details"),
      schema: { response: { 200: contactDetailsResponseSchema } },
    },
    async () => ({ data: await siteSettings.getContactDetails() }),
  );

  app.put(
    "/site-settings/contact-details",
    {
      preHandler: app.requireRoles(["admin"], "change site settings"),
      schema: { body: contactDetailsUpdateSchema, response: { 200: contactDetailsResponseSchema } },
    },
    async (request) => ({
      data: await siteSettings.updateContactDetails(request.body, request.user!.id),
    }),
  );

  // Newsroom security (decision 202): "Require two-factor for all staff".
  app.get(
    "/site-settings/security",
    {
      preHandler: app.requireRoles(["admin"], "read the security settings"),
      schema: { response: { 200: securitySettingsResponseSchema } },
    },
    async () => ({ data: await siteSettings.getSecuritySettings() }),
  );

  app.put(
    "/site-settings/security",
    {
      preHandler: app.requireRoles(["admin"], "change site settings"),
      schema: {
        body: securitySettingsUpdateSchema,
        response: { 200: securitySettingsResponseSchema },
      },
    },
    async (request) => ({
      data: await siteSettings.updateSecuritySettings(request.body, request.user!.id),
    }),
  );

  // The AI writer's style guide: staff read it (the generator shows it), admins change it.
  app.get(
    "/site-settings/writer-style-guide",
    {
      preHandler: app.requireRoles(staffRoles, "read the AI writer's style guide"),
      schema: { response: { 200: writerStyleGuideResponseSchema } },
    },
    async () => ({ data: await siteSettings.getWriterStyleGuide() }),
  );

  app.put(
    "/site-settings/writer-style-guide",
    {
      preHandler: app.requireRoles(["admin"], "change site settings"),
      schema: {
        body: writerStyleGuideUpdateSchema,
        response: { 200: writerStyleGuideResponseSchema },
      },
    },
    async (request) => ({
      data: await siteSettings.updateWriterStyleGuide(request.body.styleGuide, request.user!.id),
    }),
  );
};
