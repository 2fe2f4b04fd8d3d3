import {
  articleUpdateWithImageResponseSchema,
  articleUpdateWithImageSchema,
  type ImageProvider,
  imageProviderLabels,
} from "@aurumwire/shared/ai-images";
import {
  adminArticleListResponseSchema,
  articleIdParamsSchema,
  articlePreviewRequestSchema,
  articlePreviewResponseSchema,
  articleResponseSchema,
  articleStatsQuerySchema,
  articleStatsSchema,
  idempotencyHeadersSchema,
  revisionDetailSchema,
  revisionListResponseSchema,
  revisionParamsSchema,
} from "@aurumwire/shared/article-editor";
import { adminArticleListQuerySchema } from "@aurumwire/shared/article-review";
import { type Article, articleInputSchema } from "@aurumwire/shared/articles";
import { staffRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import type { AiImagesService } from "../ai-images/service";
import type { AdminArticleList } from "./admin-list";
import type { ArticleEditorService } from "./editor-service";
import { articleReviewRoutes } from "./review-routes";
import type { ArticleReviewService } from "./review-service";

/**
 * The newsroom's article endpoints: create, edit, delete, the management list and revisions.
 * Every staff role reaches them; the service decides what each role may do with which article.
 */
export const articleEditorRoutes: FastifyPluginAsyncZod<{
  editor: ArticleEditorService;
  adminList: AdminArticleList;
  reviews: ArticleReviewService;
  images: AiImagesService;
}> = async (app, { editor, adminList, reviews, images }) => {
  // Review before publishing (decision 265): submit, return with a note, the count.
  await app.register(articleReviewRoutes, { reviews });

  /**
   * The article is saved first; the image comes after, and its failure keeps both the saved
   * fields and the previous image, with the reason in `message`.
   */
  async function withGeneratedImage(
    actor: Parameters<AiImagesService["generate"]>[0],
    article: Article,
    provider: ImageProvider | undefined,
  ) {
    try {
      const image = await images.generate(actor, article.id, provider);
      return {
        article: { ...article, featuredImage: image.featuredImage },
        imageGenerated: true,
        message: image.aiGenerated
          ? `Article saved with a new AI image from ${imageProviderLabels[image.provider]}.`
          : "Article saved with a new branded cover (drawn by us, not AI).",
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { article, imageGenerated: false, message: error.message };
    }
  }

  app.post(
    "/articles",
    {
      preHandler: app.requireRoles(staffRoles, "create articles"),
      schema: {
        headers: idempotencyHeadersSchema,
        body: articleInputSchema,
        response: { 201: articleUpdateWithImageResponseSchema },
      },
    },
    async (request, reply) => {
      const article = await editor.create(request.user!, request.body, {
        creationKey: request.headers["idempotency-key"],
      });
      if (!request.body.generateImage) return reply.status(201).send({ article });
      // Spec point 7 lists generateImage in the create body: the article is saved first.
      return reply.status(201).send(await withGeneratedImage(request.user!, article, undefined));
    },
  );

  app.put(
    "/articles/:id",
    {
      preHandler: app.requireRoles(staffRoles, "edit articles"),
      schema: {
        params: articleIdParamsSchema,
        body: articleUpdateWithImageSchema,
        response: { 200: articleUpdateWithImageResponseSchema },
      },
    },
    async (request) => {
      const { useStableDiffusion, ...patch } = request.body;
      const article = await editor.update(request.user!, request.params.id, patch);
      if (patch.generateImage !== true) return { article };
      const provider =
        useStableDiffusion === undefined
          ? undefined
          : useStableDiffusion
            ? "stable-diffusion"
            : "dalle";
      return withGeneratedImage(request.user!, article, provider);
    },
  );

  app.delete(
    "/articles/:id",
    {
      preHandler: app.requireRoles(staffRoles, "delete articles"),
      schema: { params: articleIdParamsSchema },
    },
    async (request, reply) => {
      await editor.remove(request.user!, request.params.id);
      return reply.status(204).send();
    },
  );

  // The same sanitizer as a save, so the preview shows exactly what readers would get.
  app.post(
    "/admin/articles/preview-html",
    {
      preHandler: app.requireRoles(staffRoles, "preview articles"),
      schema: {
        body: articlePreviewRequestSchema,
        response: { 200: articlePreviewResponseSchema },
      },
    },
    async (request) => editor.previewHtml(request.body.content),
  );

  app.get(
    "/admin/articles",
    {
      preHandler: app.requireRoles(staffRoles, "manage articles"),
      schema: {
        querystring: adminArticleListQuerySchema,
        response: { 200: adminArticleListResponseSchema },
      },
    },
    async (request) => adminList.list(request.user!, request.query),
  );

  app.get(
    "/admin/articles/stats",
    {
      preHandler: app.requireRoles(staffRoles, "manage articles"),
      schema: { querystring: articleStatsQuerySchema, response: { 200: articleStatsSchema } },
    },
    async (request) => editor.stats(request.user!, request.query.authorId),
  );

  app.get(
    "/admin/articles/:id",
    {
      preHandler: app.requireRoles(staffRoles, "edit articles"),
      schema: { params: articleIdParamsSchema, response: { 200: articleResponseSchema } },
    },
    async (request) => ({ article: await editor.getForEditing(request.user!, request.params.id) }),
  );

  app.get(
    "/admin/articles/:id/revisions",
    {
      preHandler: app.requireRoles(staffRoles, "edit articles"),
      schema: { params: articleIdParamsSchema, response: { 200: revisionListResponseSchema } },
    },
    async (request) => ({
      revisions: await editor.listRevisions(request.user!, request.params.id),
    }),
  );

  app.get(
    "/admin/articles/:id/revisions/:revisionId",
    {
      preHandler: app.requireRoles(staffRoles, "edit articles"),
      schema: { params: revisionParamsSchema, response: { 200: revisionDetailSchema } },
    },
    async (request) =>
      editor.getRevision(request.user!, request.params.id, request.params.revisionId),
  );

  app.post(
    "/admin/articles/:id/revisions/:revisionId/restore",
    {
      preHandler: app.requireRoles(staffRoles, "edit articles"),
      schema: { params: revisionParamsSchema, response: { 200: articleResponseSchema } },
    },
    async (request) => ({
      article: await editor.restoreRevision(
        request.user!,
        request.params.id,
        request.params.revisionId,
      ),
    }),
  );
};
