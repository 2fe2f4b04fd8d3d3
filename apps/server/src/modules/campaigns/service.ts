import { topicMaxLength } from "@aurumwire/shared/ai-writer";
import {
  aiLengthWords,
  type CampaignDraftParsed,
  type CampaignView,
  campaignTemplates,
  mediaAiTemplateId,
} from "@aurumwire/shared/campaigns";
import type { Role } from "@aurumwire/shared/roles";
import type { CampaignRow } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import type { AiWriterService } from "../ai-writer/service";
import type { CategoriesService } from "../categories/service";
import type { PartnersService } from "../partners/service";
import type { CampaignsRepository } from "./repository";

interface Actor {
  id: number;
  role: Role;
}

type Counts = CampaignView["counts"];
const emptyCounts = (): Counts => ({
  held: 0,
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  cancelled: 0,
});

/**
 * Media campaigns (decision 113): kept in the database, their articles syndicated through the
 * partner ledger, so launching queues pushes under the compliance rule and pausing holds them.
 */
export function createCampaignsService(deps: {
  repository: CampaignsRepository;
  partners: PartnersService;
  product: string;
  siteName: string;
  /** The AI writer, for campaign drafts (decision 115); absent in tests that do not need it. */
  aiWriter?: AiWriterService;
  categories?: CategoriesService;
  /** Published/draft state and titles of the AI drafts. */
  articleStates?: (ids: number[]) => Promise<Array<{ id: number; title: string; status: string }>>;
}) {
  const { repository: repo, partners } = deps;
  const templates = campaignTemplates(deps.product, deps.siteName);
  const aiTemplateId = mediaAiTemplateId(deps.product);

  function view(row: CampaignRow, counts: Counts = emptyCounts()): CampaignView {
    const draft = row.draft as unknown as CampaignDraftParsed;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      status: row.status,
      template: { id: row.templateId, name: row.templateName },
      budget: { amount: row.budgetAmount },
      schedule: {
        startDate: row.startDate?.toISOString() ?? null,
        endDate: row.endDate?.toISOString() ?? null,
        postingFrequency: draft.schedule?.postingFrequency ?? "daily",
      },
      partnerId: row.partnerId,
      partnerIds: partnerIdsOf(row),
      counts,
      createdAt: row.createdAt.toISOString(),
      draft,
    };
  }

  /** The campaign's partners: those chosen in the wizard, else the one it was given. */
  function partnerIdsOf(row: CampaignRow): number[] {
    const chosen = (row.draft as { partnerIds?: unknown }).partnerIds;
    const ids = Array.isArray(chosen)
      ? chosen.filter((id): id is number => typeof id === "number")
      : [];
    return ids.length ? ids : row.partnerId ? [row.partnerId] : [];
  }

  async function countsFor(ids: number[]) {
    const map = new Map<number, Counts>();
    for (const row of await repo.pushCounts(ids)) {
      if (row.campaignId === null) continue;
      const counts = map.get(row.campaignId) ?? emptyCounts();
      counts[row.status] = Number(row.value);
      map.set(row.campaignId, counts);
    }
    return map;
  }

  /** An active campaign whose every push has ended is completed. */
  async function settle(row: CampaignRow, counts: Counts): Promise<CampaignRow> {
    const open = counts.held + counts.queued + counts.sending;
    const ended = counts.sent + counts.failed + counts.cancelled;
    if (row.status === "active" && open === 0 && ended > 0) {
      return (await repo.update(row.id, { status: "completed", updatedAt: new Date() })) ?? row;
    }
    return row;
  }

  async function load(id: number): Promise<CampaignRow> {
    const row = await repo.find(id);
    if (!row) throw notFound("Campaign not found", "campaign_not_found");
    return row;
  }

  async function addArticles(actor: Actor, row: CampaignRow, articleIds: number[]) {
    const results: Array<{ articleId: number; success: boolean; error?: string }> = [];
    const partnerIds = partnerIdsOf(row);
    for (const articleId of [...new Set(articleIds)]) {
      // One push per partner, each under that partner's own rule.
      const errors: string[] = [];
      for (const partnerId of partnerIds.length ? partnerIds : [undefined]) {
        try {
          await partners.hold(actor, partnerId, row.id, articleId);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          errors.push(error.message);
        }
      }
      results.push(
        errors.length
          ? { articleId, success: false, error: errors.join(" ") }
          : { articleId, success: true },
      );
    }
    if (row.status === "active") await partners.moveCampaign(row.id, "queue");
    return results;
  }

  async function detail(id: number) {
    const row = await load(id);
    const counts = (await countsFor([id])).get(id) ?? emptyCounts();
    const settled = await settle(row, counts);
    const draftIds = aiDraftIds(row);
    const states = draftIds.length && deps.articleStates ? await deps.articleStates(draftIds) : [];
    return {
      campaign: view(settled, counts),
      pushes: await partners.listPushes({ campaignId: id, limit: 500 }),
      aiDrafts: draftIds
        .map((articleId) => states.find((state) => state.id === articleId))
        .filter((state) => state !== undefined)
        .map((state) => ({ articleId: state.id, title: state.title, status: state.status })),
    };
  }

  function aiDraftIds(row: CampaignRow): number[] {
    const ids = (row.draft as { aiDraftArticleIds?: unknown }).aiDraftArticleIds;
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : [];
  }

  /** The campaign's AI settings as a writer request (decision 115). */
  async function writerInput(row: CampaignRow) {
    const draft = row.draft as unknown as CampaignDraftParsed;
    const ai = draft.content.aiContent;
    const [minWords, maxWords] = aiLengthWords[ai.targetLength];
    const prompt = `${ai.messageToPortray} (${ai.contentType} campaign content, ${ai.tone} tone, ${minWords}-${maxWords} words)`;
    const template = templates.find((candidate) => candidate.id === row.templateId);
    const categories = (await deps.categories?.list()) ?? [];
    const category =
      categories.find((candidate) => candidate.slug === template?.category) ??
      categories.find((candidate) => candidate.slug === "news") ??
      categories[0];
    if (!category)
      throw conflict("Add a category first: AI drafts are saved in one.", "no_category");
    return {
      prompt: prompt.slice(0, topicMaxLength),
      categoryId: category.id,
      articleType: ({ meme: "opinion", token: "analysis", general: "news" } as const)[
        ai.contentType
      ],
      length: ({ short: "short", medium: "short", long: "medium" } as const)[ai.targetLength],
      tone: (
        {
          viral: "persuasive",
          casual: "casual",
          professional: "professional",
          educational: "educational",
        } as const
      )[ai.tone],
      keywords: draft.content.hashtags
        .map((tag) => tag.replace(/^#/, ""))
        .filter(Boolean)
        .slice(0, 10),
      targetAudience: "general" as const,
      generateImage: false,
    };
  }

  return {
    templates: () => templates,

    async list(limit = 100): Promise<CampaignView[]> {
      const rows = await repo.list(limit);
      const counts = await countsFor(rows.map((row) => row.id));
      return Promise.all(
        rows.map(async (row) => {
          const own = counts.get(row.id) ?? emptyCounts();
          return view(await settle(row, own), own);
        }),
      );
    },

    async create(actor: Actor, draft: CampaignDraftParsed) {
      const template = templates.find((candidate) => candidate.id === draft.template);
      if (!template) {
        throw badRequest("Please choose a campaign template", {
          template: "Unknown campaign template",
        });
      }
      if (template.id === aiTemplateId && !draft.content.aiContent.messageToPortray) {
        throw badRequest("The message to portray to the audience is required for the AI campaign", {
          "content.aiContent.messageToPortray": "Message to Portray to Audience is required",
        });
      }
      for (const partnerId of draft.partnerIds) await partners.findPartner(partnerId);
      const partner = await partners.findPartner(draft.partnerIds[0]);
      const row = await repo.insert({
        name: draft.name,
        description: draft.description,
        templateId: template.id,
        templateName: template.name,
        status: "draft",
        budgetAmount: draft.budget.amount,
        startDate: draft.schedule.startDate ? new Date(draft.schedule.startDate) : null,
        endDate: draft.schedule.endDate ? new Date(draft.schedule.endDate) : null,
        draft: draft as unknown as Record<string, unknown>,
        partnerId: partner?.id ?? null,
        createdBy: actor.id,
      });
      const articles =
        draft.content.articles.length && partner
          ? await addArticles(actor, row, draft.content.articles)
          : [];
      return { ...(await detail(row.id)), articles };
    },

    detail,

    /**
     * One AI draft from the campaign's message, tone and length, saved as an unpublished article
     * linked to the campaign. It goes out only after an editor has reviewed and published it and
     * added it to the campaign (only published articles can be sent).
     */
    async aiDraft(actor: Actor, id: number, signal?: AbortSignal) {
      const row = await load(id);
      if (!deps.aiWriter) {
        throw new AppError(
          503,
          "ai_not_configured",
          "The AI writer is not configured on this server.",
        );
      }
      const draft = row.draft as unknown as CampaignDraftParsed;
      if (!draft.content?.aiContent?.messageToPortray) {
        throw badRequest("This campaign has no message to portray; AI drafts are written from it.");
      }
      const input = await writerInput(row);
      const generated = await deps.aiWriter.generate(actor, input as never, { signal });
      const article = await deps.aiWriter.saveDraft(actor, generated.generation.id, {
        title: generated.article.title,
        excerpt: generated.article.excerpt,
        content: generated.article.content,
        categoryId: input.categoryId,
        tags: generated.article.tags,
        metaTitle: generated.article.metaTitle,
        metaDescription: generated.article.metaDescription,
        featuredImage: null,
      });
      await repo.update(id, {
        draft: { ...row.draft, aiDraftArticleIds: [...aiDraftIds(row), article.id] },
        updatedAt: new Date(),
      });
      return detail(id);
    },

    async addArticles(actor: Actor, id: number, articleIds: number[]) {
      const row = await load(id);
      if (row.status === "completed" || row.status === "cancelled") {
        throw conflict(
          `This campaign is ${row.status}; start a new one to send more articles.`,
          "campaign_closed",
        );
      }
      if (!row.partnerId) {
        const partner = await partners.findPartner();
        if (!partner) {
          throw conflict(
            "No partner connection is configured. An admin can add one under Partner connections.",
            "partner_not_configured",
          );
        }
        await repo.update(id, { partnerId: partner.id });
        row.partnerId = partner.id;
      }
      const results = await addArticles(actor, row, articleIds);
      return { ...(await detail(id)), articles: results };
    },

    /** Launch and resume: held articles get their slots; what is due goes out now. */
    async launch(id: number) {
      const row = await load(id);
      if (row.status === "cancelled" || row.status === "completed") {
        throw conflict(
          `This campaign is ${row.status} and cannot be launched again.`,
          "campaign_closed",
        );
      }
      await repo.update(id, { status: "active", updatedAt: new Date() });
      await partners.moveCampaign(id, "queue");
      return detail(id);
    },

    async pause(id: number) {
      const row = await load(id);
      if (row.status !== "active")
        throw conflict("Only an active campaign can be paused.", "campaign_not_active");
      await repo.update(id, { status: "paused", updatedAt: new Date() });
      await partners.moveCampaign(id, "hold");
      return detail(id);
    },

    async cancel(id: number) {
      const row = await load(id);
      if (row.status === "cancelled" || row.status === "completed") {
        throw conflict(`This campaign is already ${row.status}.`, "campaign_closed");
      }
      await partners.moveCampaign(id, "cancel");
      await repo.update(id, { status: "cancelled", updatedAt: new Date() });
      return detail(id);
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
