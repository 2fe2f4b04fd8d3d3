import { categoryListQuerySchema, categorySchema } from "@aurumwire/shared/articles";
import { isEditor } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addEtags } from "../../lib/etag";
import type { CategoriesService } from "./service";

/** The read side of /api/categories. Inactive categories are shown to admins and editors only. */
export const categoryReadRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (
  app,
  { categories },
) => {
  addEtags(app);

  app.get(
    "/",
    {
      preHandler: app.optionalUser,
      schema: {
        querystring: categoryListQuerySchema,
        response: { 200: z.object({ categories: z.array(categorySchema) }) },
      },
    },
    async (request) => ({
      categories: await categories.list({
        includeHierarchy: request.query.includeHierarchy,
        includeInactive: request.query.includeInactive && isEditor(request.user),
      }),
    }),
  );

  app.get(
    "/:slug",
    {
      preHandler: app.optionalUser,
      schema: {
        params: z.object({ slug: z.string().trim().min(1).max(100) }),
        response: { 200: z.object({ category: categorySchema }) },
      },
    },
    async (request) => ({
      category: await categories.getBySlug(request.params.slug, {
        includeInactive: isEditor(request.user),
      }),
    }),
  );
};
