import type { GenerateArticleInputParsed, GenerationSource } from "@aurumwire/shared/ai-writer";
import { keywordsMax, topicMaxLength } from "@aurumwire/shared/ai-writer";
import type { Article } from "@aurumwire/shared/articles";
import type { UserRow } from "../../db/schema";
import { articleBodyText } from "../../lib/search-highlight";
import type { ArticleEditorService } from "../articles/editor-service";
import type { ArticleReads } from "../articles/reads-service";
import { clampText, draftForReview } from "./draft-content";
import type { GenerationRunner } from "./generation";
import type { ChatProvider } from "./provider";
import type { AiGenerationsRepository } from "./repository";

type Actor = Pick<UserRow, "id" | "role">;

/** The fuller story of a published breaking-news brief, drafted in the background (decision 091). */
export function createBreakingNewsDrafts(deps: {
  provider: ChatProvider | null;
  repository: AiGenerationsRepository;
  articles: ArticleReads;
  articleEditor: ArticleEditorService;
  publicUrl: string;
  assertMayGenerate: (actor: Actor) => Promise<ChatProvider>;
  write: GenerationRunner;
}) {
  const { provider, repository, articles, assertMayGenerate, write } = deps;
  // Background drafts (breaking news) stop when the server shuts down.
  const background = new AbortController();
  const pendingDrafts = new Set<Promise<unknown>>();

  /**
   * When a breaking-news brief is published and a provider is configured, the writer drafts the
   * fuller story from the item (through its brief, source [1]) and our archive, as a draft for an
   * editor to review, credited to the newsroom byline (decision 091). Runs in the background: the
   * reader who clicked gets the brief at once. Counts towards the newsroom byline's daily limit,
   * which caps what anonymous clicks can cost.
   */
  function draftFromBreakingNews(brief: {
    articleId: number;
    title: string;
    tags: string[];
    categoryId: number;
    author: Actor;
  }): Promise<Article | null> | null {
    if (!provider) return null;
    const task = (async () => {
      const chat = await assertMayGenerate(brief.author);
      const record = await articles.findBySlugOrId(brief.articleId, "any");
      if (!record) return null;
      const leadSource: GenerationSource = {
        articleId: record.id,
        title: record.title,
        slug: record.slug,
        url: `${deps.publicUrl}/article/${record.slug}`,
        publishedAt: record.publishedAt?.toISOString() ?? null,
        passage: clampText(articleBodyText(`${record.excerpt} ${record.content ?? ""}`), 1200),
      };
      const input: GenerateArticleInputParsed = {
        prompt: clampText(brief.title, topicMaxLength),
        categoryId: brief.categoryId,
        articleType: "news",
        length: "short",
        tone: "professional",
        targetAudience: "general",
        keywords: brief.tags.map((tag) => clampText(tag, 60)).slice(0, keywordsMax),
        generateImage: false,
      };
      const result = await write(chat, brief.author, input, {
        signal: background.signal,
        leadSources: [leadSource],
      });
      const { article } = result;
      const saved = await deps.articleEditor.create(brief.author, {
        title: article.title,
        excerpt: article.excerpt,
        content: article.content,
        categoryId: brief.categoryId,
        tags: article.tags,
        metaTitle: article.metaTitle || null,
        metaDescription: article.metaDescription || null,
        featuredImage: null,
        ...draftForReview,
      });
      await repository.update(result.generation.id, { articleId: saved.id });
      return saved;
    })();
    pendingDrafts.add(task);
    const settle = () => pendingDrafts.delete(task);
    task.then(settle, settle);
    return task;
  }

  /** Stops background drafts and waits for them to settle. */
  async function close() {
    background.abort();
    await Promise.allSettled([...pendingDrafts]);
  }

  return { draftFromBreakingNews, close };
}
