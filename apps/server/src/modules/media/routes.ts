import {
  featuredImageMaxBytes,
  uploadQuerySchema,
  uploadResponseSchema,
} from "@aurumwire/shared/media";
import { staffRoles } from "@aurumwire/shared/roles";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, badRequest } from "../../errors";
import { isMultipartParseError, malformedMultipart } from "../../lib/multipart";
import type { MediaService } from "./service";

const tooLarge = () =>
  new AppError(
    413,
    "file_too_large",
    "The image is larger than 10 MiB. Please choose a smaller file.",
    {
      image: `File is larger than ${featuredImageMaxBytes} bytes`,
    },
  );

/** POST /api/articles/upload: one image in the multipart field `image` (spec point 7). */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (
  app,
  { media },
) => {
  // Registered in this scope only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: featuredImageMaxBytes, files: 1, fields: 10, parts: 11 },
  });

  app.post(
    "/articles/upload",
    {
      preHandler: app.requireRoles(staffRoles, "upload images"),
      schema: { querystring: uploadQuerySchema, response: { 200: uploadResponseSchema } },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          "unsupported_media_type",
          "Send the image as multipart/form-data in the field 'image'.",
        );
      }
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== "file") continue;
          if (part.fieldname !== "image" || bytes) {
            // Drain what we do not use so the request completes.
            await part.toBuffer();
            continue;
          }
          bytes = await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
        if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") {
          throw badRequest("Upload one image at a time.");
        }
        if (isMultipartParseError(error)) throw malformedMultipart("image");
        throw error;
      }
      if (!bytes || bytes.length === 0) {
        throw badRequest("Choose an image to upload in the field 'image'.", {
          image: "An image is required",
        });
      }
      return media.uploadArticleImage(bytes, request.query.purpose);
    },
  );
};
