import { htmlTextLength } from "@aurumwire/shared/articles";
import type {
  LiveCoverage,
  LiveUpdateInput,
  LiveUpdatesResponse,
} from "@aurumwire/shared/live-coverage";
import type { LiveUpdateView, StreamLiveUpdateEvent } from "@aurumwire/shared/realtime-events";
import { isEditor } from "@aurumwire/shared/roles";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { sanitizeArticleHtml } from "../../lib/article-html";
import { articleListsTag, articleTag } from "../articles/cache-tags";
import type { ArticleReads } from "../articles/reads-service";
import type { LiveCoverageRepository, LiveUpdateRecord } from "./repository";

/**
 * Live coverage (decision 234): an editor starts it on a published article (319) and ends it;
 * staff who may edit the article post, correct and remove timestamped updates. Every change drops
 * the article's cached pages (by tag) and goes to open pages over the real-time stream.
 */
interface Actor {
  id: number;
  role: string;
}

const pageSize = 200;
/** Markup the sanitizer would strip that says the HTML was meant to run something. */
const unsafeMarkup = /<\s*(script|iframe|object|embed|style)\b|\bon[a-z]+\s*=|javascript\s*:/i;

function present(row: LiveUpdateRecord): LiveUpdateView {
  const authorName = [row.firstName, row.lastName].filter(Boolean).join(" ") || "AurumWire";
  return {
    id: row.id,
    articleId: row.articleId,
    content: row.content,
    imageUrl: row.imageUrl,
    authorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createLiveCoverageService(deps: {
  repository: LiveCoverageRepository;
  articles: Pick<ArticleReads, "findBySlugOrId">;
  /** The page cache: reads for pages are kept under the article's tags (decision 081). */
  cache: {
    memo<T>(
      key: string,
      load: () => Promise<T>,
      tagsOf?: (value: T) => Iterable<string>,
    ): Promise<T>;
    invalidate(tags: readonly string[]): void;
  };
  publish: (event: StreamLiveUpdateEvent) => void;
  now?: () => Date;
}) {
  const { repository, articles } = deps;
  const now = deps.now ?? (() => new Date());

  async function article(slugOrId: string | number) {
    const found = await articles.findBySlugOrId(slugOrId, "any");
    if (!found) throw notFound("Article not found");
    return found;
  }

  function assertMayPost(actor: Actor, authorId: number) {
    if (isEditor(actor) || authorId === actor.id) return;
    throw forbidden("Only editors, admins and the article's author may post live updates to it.");
  }

  function clean(input: LiveUpdateInput) {
    if (unsafeMarkup.test(input.content)) {
      throw badRequest(
        "The update contains markup that is not allowed (scripts, frames, event handlers or javascript: links). Remove it and post again.",
        { content: "Scripts, frames and event handlers are not allowed" },
      );
    }
    const content = sanitizeArticleHtml(input.content);
    if (htmlTextLength(content) === 0 && !/<img\b/i.test(content)) {
      throw badRequest("The update is empty: write a sentence or two.", {
        content: "Write the update's text",
      });
    }
    return { content, imageUrl: input.image ?? null };
  }

  async function coverageOf(articleId: number): Promise<LiveCoverage> {
    const row = await repository.coverage(articleId);
    return {
      articleId,
      live: Boolean(row && !row.endedAt),
      startedAt: row?.startedAt.toISOString() ?? null,
      endedAt: row?.endedAt?.toISOString() ?? null,
    };
  }

  function changed(articleId: number, event: StreamLiveUpdateEvent, lists = false) {
    deps.cache.invalidate(
      lists ? [articleTag(articleId), articleListsTag] : [articleTag(articleId)],
    );
    deps.publish(event);
  }

  return {
    coverage: coverageOf,

    /** Starts or ends the coverage; ending twice (or an article never live) changes nothing. */
    async setLive(actor: Actor, articleId: number, live: boolean): Promise<LiveCoverage> {
      if (!isEditor(actor)) throw forbidden("Only editors and admins start or end live coverage.");
      const found = await article(articleId);
      const before = await coverageOf(articleId);
      if (live === before.live) return before;
      // Readers could not see it: a draft or a scheduled article has no page yet (decision 319).
      if (live && !(await articles.findBySlugOrId(articleId, "public"))) {
        throw conflict(
          found.status === "published"
            ? "This article is scheduled and not on the site yet: start live coverage once it is published."
            : "Publish the article before starting live coverage: readers cannot see a draft.",
          "article_not_published",
        );
      }
      if (live) await repository.start(articleId, actor.id, now());
      else await repository.end(articleId, now());
      changed(articleId, { articleId, slug: found.slug, action: live ? "started" : "ended" }, true);
      return coverageOf(articleId);
    },

    async post(actor: Actor, articleId: number, input: LiveUpdateInput): Promise<LiveUpdateView> {
      const found = await article(articleId);
      assertMayPost(actor, found.authorId);
      const values = clean(input);
      const id = await repository.insertUpdate({ articleId, authorId: actor.id, ...values });
      const update = present((await repository.findUpdate(articleId, id))!);
      changed(articleId, { articleId, slug: found.slug, action: "posted", update });
      return update;
    },

    async edit(
      actor: Actor,
      articleId: number,
      updateId: number,
      input: LiveUpdateInput,
    ): Promise<LiveUpdateView> {
      const found = await article(articleId);
      assertMayPost(actor, found.authorId);
      if (!(await repository.findUpdate(articleId, updateId)))
        throw notFound("Live update not found");
      await repository.editUpdate(updateId, clean(input));
      const update = present((await repository.findUpdate(articleId, updateId))!);
      changed(articleId, { articleId, slug: found.slug, action: "edited", update });
      return update;
    },

    async remove(actor: Actor, articleId: number, updateId: number): Promise<void> {
      const found = await article(articleId);
      assertMayPost(actor, found.authorId);
      if (!(await repository.findUpdate(articleId, updateId)))
        throw notFound("Live update not found");
      await repository.deleteUpdate(updateId);
      changed(articleId, { articleId, slug: found.slug, action: "deleted", updateId });
    },

    /** For readers: a published article's coverage and updates, newest first. */
    async list(slugOrId: string, after: string | undefined) {
      const found = await articles.findBySlugOrId(slugOrId, "public");
      if (!found) throw notFound("Article not found");
      const rows = await repository.updates(found.id, after ? new Date(after) : null, pageSize);
      return { coverage: await coverageOf(found.id), updates: rows.map(present) };
    },

    /**
     * For the article page's server render: its coverage and updates (newest first), or null when
     * it was never live. Kept with the page under the article's tag, which every change drops.
     */
    forArticle(articleId: number): Promise<LiveUpdatesResponse | null> {
      return deps.cache.memo(
        `live-coverage:${articleId}`,
        async () => {
          const coverage = await coverageOf(articleId);
          if (!coverage.startedAt) return null;
          const rows = await repository.updates(articleId, null, pageSize);
          return { coverage, updates: rows.map(present) };
        },
        () => [articleTag(articleId)],
      );
    },

    /** Ids of the articles live now, for the "Live" badge on cards (dropped with the lists). */
    liveArticleIds: (): Promise<number[]> =>
      deps.cache.memo(
        "live-coverage:ids",
        () => repository.liveArticleIds(),
        () => [articleListsTag],
      ),
  };
}

export type LiveCoverageService = ReturnType<typeof createLiveCoverageService>;
