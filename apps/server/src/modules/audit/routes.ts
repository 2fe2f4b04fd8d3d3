import { articleIdParamsSchema } from "@aurumwire/shared/article-editor";
import {
  auditEntrySchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
} from "@aurumwire/shared/audit";
import { staffRoles } from "@aurumwire/shared/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { UserRow } from "../../db/schema";
import type { AuditService } from "./service";

/**
 * GET /api/audit-log (admins only, decision 203) and one article's entries for its history (staff
 * who may edit the article). There is no route that changes an entry.
 */
export const auditRoutes: FastifyPluginAsyncZod<{
  audit: AuditService;
  /** Throws the article editor's 403/404 when this person may not edit the article. */
  assertMayEditArticle: (user: UserRow, articleId: number) => Promise<unknown>;
}> = async (app, { audit, assertMayEditArticle }) => {
  app.get(
    "/audit-log",
    {
      preHandler: app.requireRoles(["admin"], "read the audit log"),
      schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema } },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    "/audit-log/articles/:id",
    {
      preHandler: app.requireRoles(staffRoles, "edit articles"),
      schema: {
        params: articleIdParamsSchema,
        response: { 200: z.object({ entries: z.array(auditEntrySchema) }) },
      },
    },
    async (request) => {
      await assertMayEditArticle(request.user!, request.params.id);
      return { entries: await audit.forTarget("article", request.params.id) };
    },
  );
};
