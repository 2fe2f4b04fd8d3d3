import {
  type AiImageService,
  bulkGenerateInputSchema,
  bulkImageResultSchema,
  generateImageQuerySchema,
  generateImageResponseSchema,
  imageBatchListSchema,
  imageBatchParamsSchema,
  imageServiceStatusSchema,
} from "@aurumwire/shared/ai-images";
import { articleIdParamsSchema } from "@aurumwire/shared/article-editor";
import { staffRoles } from "@aurumwire/shared/roles";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AiImagesService } from "./service";

/** Aborts when the browser goes away before the answer was sent. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The AI image endpoints of spec point 7 (/api/stable-diffusion/*, /api/dalle/*,
 * POST /api/articles/{id}/generate-image) and the bulk batches (/api/image-batches/*), for staff.
 */
export const aiImagesRoutes: FastifyPluginAsyncZod<{ images: AiImagesService }> = async (
  app,
  { images },
) => {
  const staffOnly = app.requireRoles(staffRoles, "generate featured images");
  const paths: Record<AiImageService, string> = {
    "stable-diffusion": "/stable-diffusion",
    dalle: "/dalle",
  };

  for (const [service, prefix] of Object.entries(paths) as [AiImageService, string][]) {
    app.get(
      `${prefix}/status`,
      { preHandler: staffOnly, schema: { response: { 200: imageServiceStatusSchema } } },
      async () => images.status(service),
    );

    app.post(
      `${prefix}/bulk-generate`,
      {
        preHandler: staffOnly,
        schema: { body: bulkGenerateInputSchema, response: { 200: bulkImageResultSchema } },
      },
      async (request) => images.startBulk(request.user!, service, request.body.articleIds),
    );
  }

  app.post(
    "/articles/:id/generate-image",
    {
      preHandler: staffOnly,
      schema: {
        params: articleIdParamsSchema,
        querystring: generateImageQuerySchema,
        response: { 200: generateImageResponseSchema },
      },
    },
    async (request, reply) =>
      images.generate(request.user!, request.params.id, request.query.provider, {
        signal: abortOnDisconnect(reply),
      }),
  );

  app.get(
    "/image-batches",
    { preHandler: staffOnly, schema: { response: { 200: imageBatchListSchema } } },
    async (request) => ({ batches: await images.listBatches(request.user!) }),
  );

  app.get(
    "/image-batches/:id",
    {
      preHandler: staffOnly,
      schema: { params: imageBatchParamsSchema, response: { 200: bulkImageResultSchema } },
    },
    async (request) => images.getBatch(request.user!, request.params.id),
  );

  app.post(
    "/image-batches/:id/cancel",
    {
      preHandler: staffOnly,
      schema: { params: imageBatchParamsSchema, response: { 200: bulkImageResultSchema } },
    },
    async (request) => images.cancelBatch(request.user!, request.params.id),
  );
};
