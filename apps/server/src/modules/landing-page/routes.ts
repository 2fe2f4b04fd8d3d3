import {
  landingChartsSchema,
  landingConfigurationResponseSchema,
  landingFeaturedSchema,
  landingPageContentSchema,
  landingSectionCreateSchema,
  landingSectionIdParamsSchema,
  landingSectionReorderSchema,
  landingSectionResponseSchema,
  landingSectionsResponseSchema,
  landingSectionUpdateSchema,
} from "@aurumwire/shared/landing-page";
import { editorRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { LandingPageService } from "./service";

/**
 * Spec point 7's landing page calls. The spec's client sends no token; reads stay public, but every
 * write needs an admin or editor token here whatever a client sends (decision 120).
 */
export const landingPageRoutes: FastifyPluginAsyncZod<{ landingPage: LandingPageService }> = async (
  app,
  { landingPage },
) => {
  const editorsOnly = app.requireRoles(editorRoles, "manage the landing page");

  app.get(
    "/configuration",
    { schema: { response: { 200: landingConfigurationResponseSchema } } },
    async () => ({ data: await landingPage.configuration() }),
  );

  app.post(
    "/sections",
    {
      preHandler: editorsOnly,
      schema: { body: landingSectionCreateSchema, response: { 201: landingSectionResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await landingPage.createSection(request.body, request.user) }),
  );

  app.post(
    "/sections/reorder",
    {
      preHandler: editorsOnly,
      schema: {
        body: landingSectionReorderSchema,
        response: { 200: landingSectionsResponseSchema },
      },
    },
    async (request) => ({
      data: await landingPage.reorderSections(request.body.sectionIds, request.user),
    }),
  );

  app.put(
    "/sections/:id",
    {
      preHandler: editorsOnly,
      schema: {
        params: landingSectionIdParamsSchema,
        body: landingSectionUpdateSchema,
        response: { 200: landingSectionResponseSchema },
      },
    },
    async (request) => ({
      data: await landingPage.updateSection(request.params.id, request.body, request.user),
    }),
  );

  app.delete(
    "/sections/:id",
    {
      preHandler: editorsOnly,
      schema: { params: landingSectionIdParamsSchema },
    },
    async (request, reply) => {
      await landingPage.deleteSection(request.params.id, request.user);
      return reply.status(204).send();
    },
  );

  app.put(
    "/content",
    {
      preHandler: editorsOnly,
      schema: {
        body: landingPageContentSchema,
        response: { 200: z.object({ data: landingPageContentSchema }) },
      },
    },
    async (request) => ({
      data: await landingPage.updateContent(request.body, request.user!.id),
    }),
  );

  app.put(
    "/featured",
    {
      preHandler: editorsOnly,
      schema: {
        body: landingFeaturedSchema,
        response: { 200: z.object({ data: landingFeaturedSchema }) },
      },
    },
    async (request) => ({
      data: await landingPage.updateFeatured(request.body, request.user!.id),
    }),
  );

  app.put(
    "/charts",
    {
      preHandler: editorsOnly,
      schema: { body: landingChartsSchema, response: { 200: landingChartsSchema } },
    },
    async (request) => ({
      charts: await landingPage.updateCharts(request.body.charts, request.user!.id),
    }),
  );
};
