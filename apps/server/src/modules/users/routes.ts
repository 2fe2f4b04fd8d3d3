import {
  avatarRules,
  createUserSchema,
  listUsersQuerySchema,
  resetPasswordSchema,
  updateUserSchema,
  userIdParamsSchema,
  userListResponseSchema,
  userResponseSchema,
} from "@aurumwire/shared/user-management";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { isMultipartParseError, malformedMultipart } from "../../lib/multipart";
import { avatarTooLarge } from "./avatar-images";
import type { UsersService } from "./service";

/** The user-management API of the dashboard: admin only, except that users may set their own avatar. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  // Registered here, not app-wide: only this scope accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: avatarRules.maxBytes, files: 1, fields: 5, parts: 6 },
  });
  const adminOnly = app.requireRoles(["admin"], "manage users");

  app.get(
    "/",
    {
      preHandler: adminOnly,
      schema: { querystring: listUsersQuerySchema, response: { 200: userListResponseSchema } },
    },
    async (request) => ({ success: true as const, data: await users.list(request.query) }),
  );

  app.get(
    "/:id",
    {
      preHandler: adminOnly,
      schema: { params: userIdParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: { user: await users.get(request.params.id) },
    }),
  );

  app.post(
    "/",
    {
      preHandler: adminOnly,
      schema: { body: createUserSchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: { user: await users.create(request.user, request.body) },
      }),
  );

  app.put(
    "/:id",
    {
      preHandler: adminOnly,
      schema: {
        params: userIdParamsSchema,
        body: updateUserSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: { user: await users.update(request.user!, request.params.id, request.body) },
    }),
  );

  app.put(
    "/:id/password",
    {
      preHandler: adminOnly,
      schema: {
        params: userIdParamsSchema,
        body: resetPasswordSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        user: await users.resetPassword(request.user, request.params.id, request.body.new_password),
      },
    }),
  );

  app.delete(
    "/:id",
    {
      preHandler: adminOnly,
      schema: { params: userIdParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: { user: await users.deactivate(request.user!, request.params.id) },
    }),
  );

  app.post(
    "/:id/avatar",
    {
      preHandler: app.requireUser,
      schema: { params: userIdParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const bytes = await readAvatarUpload(request);
      return {
        success: true as const,
        data: { user: await users.setAvatar(request.user!, request.params.id, bytes) },
      };
    },
  );
};

/** The bytes of the multipart field `avatar`, with the spec's messages for what is not allowed. */
async function readAvatarUpload(request: import("fastify").FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      400,
      "multipart_expected",
      "Send the image as multipart/form-data in the field avatar.",
    );
  }
  let file: Awaited<ReturnType<typeof request.file>>;
  try {
    file = await request.file();
  } catch (error) {
    throw mapMultipartError(error);
  }
  if (file?.fieldname !== "avatar") {
    throw new AppError(400, "avatar_missing", "Send the image in the form field avatar.", {
      avatar: avatarRules.notAnImage,
    });
  }
  try {
    return await file.toBuffer();
  } catch (error) {
    throw mapMultipartError(error);
  }
}

function mapMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return avatarTooLarge();
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") {
    return new AppError(400, "too_many_files", "Send one image at a time.");
  }
  if (isMultipartParseError(error)) return malformedMultipart("avatar");
  return error;
}
