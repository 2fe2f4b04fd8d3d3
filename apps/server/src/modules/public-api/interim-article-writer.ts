import {
  type Article,
  type ArticleInputParsed,
  articleInputSchema,
  htmlTextLength,
  readingTimeMinutes,
} from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import { isEditor } from "@aurumwire/shared/roles";
import { slugify } from "@aurumwire/shared/slugs";
import { z } from "zod";
import type { ArticleRow, NewArticleRow, UserRow } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../errors";
import { sanitizeArticleHtml } from "../articles/sanitize";
import type { ArticlesService } from "../articles/service";
import type { InterimArticleRepository } from "./interim-article-repository";

/**
 * INTERIM (until issue 4's article editor service is on main). The public API's write routes
 * depend only on this interface, which has the shape of that service (create, update, remove with
 * the acting user), so switching is one line in services.ts and deleting the interim files.
 */
export interface ArticleWriter {
  create(actor: ArticleActor, input: ArticleInputParsed): Promise<Article>;
  update(actor: ArticleActor, id: number, patch: ArticleUpdateParsed): Promise<Article>;
  remove(actor: ArticleActor, id: number): Promise<void>;
}

export type ArticleActor = Pick<UserRow, "id" | "role">;

/**
 * PUT bodies carry any subset of the create fields; each present field is checked by its own
 * schema. Zod's `.partial()` would fill the absent ones with their defaults (status draft, tags
 * []) and overwrite stored values.
 */
const shape = articleInputSchema.shape;
type Field = keyof typeof shape;
export const articleUpdateBodySchema = z
  .object(
    Object.fromEntries(Object.keys(shape).map((key) => [key, z.unknown().optional()])) as {
      [K in Field]: z.ZodOptional<z.ZodUnknown>;
    },
  )
  .transform((body, context) => {
    const parsed: Record<string, unknown> = {};
    for (const key of Object.keys(shape) as Field[]) {
      if (body[key] === undefined) continue;
      const result = (shape[key] as z.ZodType).safeParse(body[key]);
      if (result.success) parsed[key] = result.data;
      else {
        for (const issue of result.error.issues) {
          context.addIssue({ code: "custom", message: issue.message, path: [key, ...issue.path] });
        }
      }
    }
    return parsed as Partial<ArticleInputParsed>;
  });
export type ArticleUpdateParsed = z.output<typeof articleUpdateBodySchema>;

const editorsOnly = (action: string) =>
  forbidden(`You need admin or editor privileges to ${action}.`);

export function createInterimArticleWriter(deps: {
  repository: InterimArticleRepository;
  articles: ArticlesService;
  onContentChanged: () => void;
}): ArticleWriter {
  const { repository, articles, onContentChanged } = deps;

  function cleanContent(html: string): string {
    const clean = sanitizeArticleHtml(html);
    // What the sanitizer removed does not count towards the minimum.
    if (htmlTextLength(clean) < limits.contentMin) {
      throw badRequest("Please check your input: Content must be at least 100 characters", {
        content: "Content must be at least 100 characters",
      });
    }
    return clean;
  }

  async function assertCategory(id: number) {
    if (!(await repository.categoryExists(id))) {
      throw badRequest("Please check your input: Please select a valid category", {
        categoryId: "Please select a valid category",
      });
    }
  }

  /** Authors write drafts; publishing and featuring are for editors and admins (spec point 6). */
  function assertMaySetFlags(
    actor: ArticleActor,
    previous: { status: ArticleRow["status"] | null; isFeatured: boolean },
    next: { status: ArticleRow["status"]; isFeatured: boolean },
  ) {
    if (isEditor(actor)) return;
    if (next.status === "published" && previous.status !== "published") {
      throw editorsOnly("publish articles");
    }
    if (next.isFeatured !== previous.isFeatured) throw editorsOnly("feature articles");
  }

  async function loadForChange(actor: ArticleActor, id: number, action: "edit" | "delete") {
    const row = await repository.findRow(id);
    if (!row) throw notFound("Article not found", "article_not_found");
    if (!isEditor(actor) && row.authorId !== actor.id) {
      throw editorsOnly(`${action} articles by other authors`);
    }
    return row;
  }

  /** publishedAt follows the status (spec point 4); a future date schedules a published article. */
  function publishedAtFor(
    previous: { status: ArticleRow["status"] | null; publishedAt: Date | null },
    status: ArticleRow["status"],
    requested: string | null | undefined,
  ): Date | null {
    const requestedDate = requested ? new Date(requested) : null;
    if (status === "published") {
      if (previous.status !== "published") {
        return requestedDate && requestedDate > new Date() ? requestedDate : new Date();
      }
      return requestedDate ?? previous.publishedAt ?? new Date();
    }
    return requested !== undefined ? requestedDate : previous.publishedAt;
  }

  async function freeSlug(title: string, exceptId?: number) {
    const base = slugify(title);
    const taken = new Set(await repository.slugsLike(base, exceptId));
    let candidate = base;
    for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${base}-${suffix}`;
    return candidate;
  }

  return {
    async create(actor, input) {
      await assertCategory(input.categoryId);
      assertMaySetFlags(
        actor,
        { status: null, isFeatured: false },
        { status: input.status, isFeatured: input.isFeatured },
      );
      const content = cleanContent(input.content);
      const values = {
        title: input.title,
        excerpt: input.excerpt,
        content,
        categoryId: input.categoryId,
        authorId: actor.id,
        tags: input.tags,
        status: input.status,
        publishedAt: publishedAtFor(
          { status: null, publishedAt: null },
          input.status,
          input.publishedAt,
        ),
        isFeatured: input.isFeatured,
        isPremium: input.isPremium,
        metaTitle: input.metaTitle,
        metaDescription: input.metaDescription,
        featuredImage: input.featuredImage,
        generateImage: input.generateImage,
        readingTime: readingTimeMinutes(content),
      };
      let row: ArticleRow;
      try {
        row = await repository.insert({ ...values, slug: await freeSlug(input.title) });
      } catch (error) {
        // Two creations with the same title at once: the unique index decides, the loser retries.
        if (
          (error as { code?: string; cause?: { code?: string } }).code !== "23505" &&
          (error as { cause?: { code?: string } }).cause?.code !== "23505"
        )
          throw error;
        row = await repository.insert({ ...values, slug: await freeSlug(input.title) });
      }
      onContentChanged();
      return articles.get(row.id, actor);
    },

    async update(actor, id, patch) {
      const row = await loadForChange(actor, id, "edit");
      const status = patch.status ?? row.status;
      assertMaySetFlags(actor, row, { status, isFeatured: patch.isFeatured ?? row.isFeatured });
      if (patch.categoryId !== undefined) await assertCategory(patch.categoryId);
      const changes: Partial<NewArticleRow> = { ...patch, publishedAt: undefined };
      if (patch.content !== undefined) {
        changes.content = cleanContent(patch.content);
        changes.readingTime = readingTimeMinutes(changes.content);
      }
      changes.publishedAt = publishedAtFor(row, status, patch.publishedAt);
      await repository.update(id, changes);
      onContentChanged();
      return articles.get(id, actor);
    },

    async remove(actor, id) {
      await loadForChange(actor, id, "delete");
      await repository.remove(id);
      onContentChanged();
    },
  };
}
