import {
  analyticsOverviewSchema,
  articleAnalyticsSchema,
  readingEventSchema,
  readingResponseSchema,
} from "@aurumwire/shared/analytics";
import { staffRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { privateNoStore } from "../../lib/private-answers";
import type { AnalyticsService } from "./service";

const slugOrIdParams = z.object({ slugOrId: z.string().trim().min(1).max(200) });

/** Per-article analytics and reading events, under /api/articles (spec point 7). */
export const articleAnalyticsRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsService;
}> = async (app, { analytics }) => {
  app.get(
    "/:slugOrId/analytics",
    {
      preHandler: [app.optionalUser, privateNoStore],
      schema: { params: slugOrIdParams, response: { 200: articleAnalyticsSchema } },
    },
    async (request) => ({
      analytics: await analytics.articleAnalytics(request.params.slugOrId, request.user),
    }),
  );

  // Sent by the article page with the token of its counted view; anything else is ignored
  // (answered counted: false), so a replay or a forged token moves no figure.
  app.post(
    "/:slugOrId/reading",
    {
      schema: {
        params: slugOrIdParams,
        body: readingEventSchema,
        response: { 200: readingResponseSchema },
      },
    },
    async (request) => analytics.recordReading(request.params.slugOrId, request.body),
  );
};

/** Site-wide figures for the dashboard home, under /api/analytics. */
export const analyticsOverviewRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsService;
}> = async (app, { analytics }) => {
  app.get(
    "/overview",
    {
      preHandler: [app.requireRoles(staffRoles, "read analytics"), privateNoStore],
      schema: { response: { 200: analyticsOverviewSchema } },
    },
    // requireRoles has set the user.
    async (request) => analytics.overview(request.user!),
  );
};
