import { articleIdParamsSchema } from "@aurumwire/shared/article-editor";
import {
  articleReviewResponseSchema,
  articleReviewSchema,
  returnForChangesSchema,
  reviewCountsSchema,
} from "@aurumwire/shared/article-review";
import { editorRoles, staffRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { privateNoStore } from "../../lib/private-answers";
import type { ArticleReviewService } from "./review-service";

const reviewAnswer = z.object({ review: articleReviewSchema });

/**
 * Review before publishing (decision 265): submit, return with a note, an article's review, and
 * the dashboard's count. Publishing and scheduling stay the ordinary save (editors and admins).
 */
export const articleReviewRoutes: FastifyPluginAsyncZod<{ reviews: ArticleReviewService }> = async (
  app,
  { reviews },
) => {
  app.post(
    "/articles/:id/submit-for-review",
    {
      preHandler: app.requireRoles(staffRoles, "submit articles for review"),
      schema: { params: articleIdParamsSchema, response: { 200: reviewAnswer } },
    },
    async (request) => ({ review: await reviews.submit(request.user!, request.params.id) }),
  );

  app.post(
    "/articles/:id/return",
    {
      preHandler: app.requireRoles(editorRoles, "return articles to their authors"),
      schema: {
        params: articleIdParamsSchema,
        body: returnForChangesSchema,
        response: { 200: reviewAnswer },
      },
    },
    async (request) => ({
      review: await reviews.returnForChanges(request.user!, request.params.id, request.body.note),
    }),
  );

  app.get(
    "/admin/articles/:id/review",
    {
      preHandler: app.requireRoles(staffRoles, "edit articles"),
      schema: { params: articleIdParamsSchema, response: { 200: articleReviewResponseSchema } },
    },
    async (request) => ({ review: await reviews.get(request.user!, request.params.id) }),
  );

  app.get(
    "/admin/articles/review-counts",
    {
      preHandler: [app.requireRoles(staffRoles, "manage articles"), privateNoStore],
      schema: { response: { 200: reviewCountsSchema } },
    },
    async (request) => reviews.counts(request.user!),
  );
};
