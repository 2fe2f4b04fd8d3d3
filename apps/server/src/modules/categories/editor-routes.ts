import { categoryInputSchema } from "@aurumwire/shared/articles";
import {
  adminCategoryListResponseSchema,
  categoryDeleteQuerySchema,
  categoryDeleteResponseSchema,
  categoryIdParamsSchema,
  categoryResponseSchema,
  categoryUpdateSchema,
} from "@aurumwire/shared/category-admin";
import { editorRoles, staffRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CategoryEditorService } from "./editor-service";

/**
 * Category management: changes are for editors and admins only (spec point 6). The full list
 * (inactive ones too, every article counted) is open to all staff: authors pick a category in the
 * editor.
 */
export const categoryEditorRoutes: FastifyPluginAsyncZod<{
  categoryEditor: CategoryEditorService;
}> = async (app, { categoryEditor }) => {
  const editorsOnly = app.requireRoles(editorRoles, "manage categories");

  app.get(
    "/admin/categories",
    {
      preHandler: app.requireRoles(staffRoles, "view categories"),
      schema: { response: { 200: adminCategoryListResponseSchema } },
    },
    async () => ({ categories: await categoryEditor.list() }),
  );

  app.post(
    "/categories",
    {
      preHandler: editorsOnly,
      schema: { body: categoryInputSchema, response: { 201: categoryResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ category: await categoryEditor.create(request.user, request.body) }),
  );

  app.put(
    "/categories/:id",
    {
      preHandler: editorsOnly,
      schema: {
        params: categoryIdParamsSchema,
        body: categoryUpdateSchema,
        response: { 200: categoryResponseSchema },
      },
    },
    async (request) => ({
      category: await categoryEditor.update(request.user, request.params.id, request.body),
    }),
  );

  app.delete(
    "/categories/:id",
    {
      preHandler: editorsOnly,
      schema: {
        params: categoryIdParamsSchema,
        querystring: categoryDeleteQuerySchema,
        response: { 200: categoryDeleteResponseSchema },
      },
    },
    async (request) => categoryEditor.remove(request.user, request.params.id, request.query),
  );
};
