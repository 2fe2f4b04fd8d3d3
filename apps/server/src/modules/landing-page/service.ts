import {
  defaultLandingPageContent,
  defaultLandingSections,
  emptyLandingFeatured,
  type LandingChart,
  type LandingFeatured,
  type LandingPageConfiguration,
  type LandingPageContent,
  type LandingSection,
  type LandingSectionCreate,
  type LandingSectionType,
  type LandingSectionUpdate,
  landingChartSchema,
  landingFeaturedSchema,
  landingPageContentSchema,
  landingSectionConfigurationSchema,
  landingSectionsMax,
  landingSectionTypeLabels,
  landingSectionTypes,
} from "@aurumwire/shared/landing-page";
import { tickerCoins } from "@aurumwire/shared/market";
import type { Database } from "../../db/client";
import type { LandingSectionRow } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import type { PageCache } from "../../lib/page-cache/store";
import { type LandingPageRepository, seededKey } from "./repository";

/** What every cached read and page that shows the landing page carries (decision 081). */
export const landingPageTag = "landing-page";

const contentKey = "content";
const featuredKey = "featured";
const chartsKey = "charts";

function toSection(row: LandingSectionRow): LandingSection {
  const sectionType = (landingSectionTypes as readonly string[]).includes(row.sectionType)
    ? (row.sectionType as LandingSectionType)
    : "latest_news";
  const configuration = landingSectionConfigurationSchema.safeParse(row.configuration);
  return {
    id: row.id,
    sectionType,
    title: row.title,
    isActive: row.isActive,
    position: row.position,
    configuration: configuration.success ? configuration.data : {},
  };
}

/** A stored part read leniently: a value that no longer fits the schema falls back to the default. */
function parsePart<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  value: unknown,
  fallback: T,
): T {
  if (value === undefined) return fallback;
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as T) : fallback;
}

/**
 * The Landing Page Manager's rules (spec points 3 and 7, decision 120): sections in one order,
 * the editor's texts, featured picks and charts. Every write drops the cached pages that show the
 * landing page.
 */
export function createLandingPageService(deps: {
  db: Database;
  repository: LandingPageRepository;
  cache: PageCache;
  /** True when the article is public (a pick must be something readers can open). */
  isPublicArticle: (id: number) => Promise<boolean>;
}) {
  const { db, repository, cache, isPublicArticle } = deps;
  let seeded: Promise<void> | null = null;

  /** The default sections, once per install: a section the newsroom deleted stays deleted. */
  function ensureDefaultSections(): Promise<void> {
    seeded ??= db
      .transaction(async (tx) => {
        if (!(await repository.insertPartOnce(seededKey, true, tx))) return;
        if ((await repository.countSections(tx)) > 0) return;
        for (const { sectionType, title } of defaultLandingSections) {
          await repository.insertSection(
            {
              sectionType,
              title: title ?? landingSectionTypeLabels[sectionType],
              isActive: true,
              configuration: {},
            },
            tx,
          );
        }
      })
      .catch((error) => {
        seeded = null;
        throw error;
      });
    return seeded;
  }

  async function loadConfiguration(): Promise<LandingPageConfiguration> {
    await ensureDefaultSections();
    const [rows, content, featured, charts, updatedAt] = await Promise.all([
      repository.listSections(),
      repository.findPart(contentKey),
      repository.findPart(featuredKey),
      repository.findPart(chartsKey),
      repository.lastUpdate(),
    ]);
    return {
      sections: rows.map(toSection),
      content: {
        ...defaultLandingPageContent,
        ...parsePart(landingPageContentSchema.partial(), content?.value, {}),
      },
      featured: parsePart(landingFeaturedSchema, featured?.value, emptyLandingFeatured),
      charts: parsePart(landingChartSchema.array(), charts?.value, [] as LandingChart[]),
      updatedAt: updatedAt?.toISOString() ?? null,
    };
  }

  function changed() {
    cache.invalidate([landingPageTag]);
  }

  async function requireSection(id: number): Promise<LandingSectionRow> {
    const row = await repository.findSection(id);
    if (!row) throw notFound(`No landing page section has id ${id}.`, "landing_section_not_found");
    return row;
  }

  return {
    /** GET /api/landing-page/configuration and the /landing page: one cached read. */
    configuration(): Promise<LandingPageConfiguration> {
      return cache.memo("landing-page:configuration", loadConfiguration, () => [landingPageTag]);
    },

    async createSection(
      input: LandingSectionCreate & { isActive: boolean },
    ): Promise<LandingSection> {
      await ensureDefaultSections();
      const row = await db.transaction(async (tx) => {
        if ((await repository.countSections(tx)) >= landingSectionsMax) {
          throw badRequest(
            `The landing page has the most sections it can hold (${landingSectionsMax}). Delete one first.`,
          );
        }
        return repository.insertSection(
          {
            sectionType: input.sectionType,
            title: input.title || landingSectionTypeLabels[input.sectionType],
            isActive: input.isActive,
            configuration: input.configuration ?? {},
          },
          tx,
        );
      });
      changed();
      return toSection(row);
    },

    async updateSection(id: number, update: LandingSectionUpdate): Promise<LandingSection> {
      const existing = await requireSection(id);
      const sectionType = (update.sectionType ?? existing.sectionType) as LandingSectionType;
      const title =
        update.title === undefined
          ? undefined
          : update.title || landingSectionTypeLabels[sectionType];
      const row = await repository.updateSection(id, {
        ...(update.sectionType !== undefined ? { sectionType: update.sectionType } : {}),
        ...(title !== undefined ? { title } : {}),
        ...(update.isActive !== undefined ? { isActive: update.isActive } : {}),
        ...(update.configuration !== undefined ? { configuration: update.configuration } : {}),
      });
      if (!row)
        throw notFound(`No landing page section has id ${id}.`, "landing_section_not_found");
      changed();
      return toSection(row);
    },

    /** The new order names every section exactly once, or nothing changes. */
    async reorderSections(sectionIds: number[]): Promise<LandingSection[]> {
      await ensureDefaultSections();
      const rows = await db.transaction(async (tx) => {
        const current = await repository.listSections(tx);
        const known = new Set(current.map((row) => row.id));
        const given = new Set(sectionIds);
        const unknown = sectionIds.filter((id) => !known.has(id));
        const missing = current.filter((row) => !given.has(row.id)).map((row) => row.id);
        if (given.size !== sectionIds.length) {
          throw badRequest("The new order names a section more than once; nothing was changed.");
        }
        if (unknown.length || missing.length) {
          const parts = [
            unknown.length ? `unknown section ids ${unknown.join(", ")}` : "",
            missing.length ? `missing section ids ${missing.join(", ")}` : "",
          ].filter(Boolean);
          throw badRequest(
            `The new order must name every section exactly once (${parts.join("; ")}); nothing was changed. Reload the page and try again.`,
          );
        }
        await repository.setPositions(sectionIds, tx);
        return repository.listSections(tx);
      });
      changed();
      return rows.map(toSection);
    },

    async deleteSection(id: number): Promise<void> {
      if (!(await repository.deleteSection(id))) {
        throw notFound(`No landing page section has id ${id}.`, "landing_section_not_found");
      }
      changed();
    },

    async updateContent(content: LandingPageContent, userId: number): Promise<LandingPageContent> {
      await repository.upsertPart(contentKey, content, userId);
      changed();
      return content;
    },

    async updateFeatured(featured: LandingFeatured, userId: number): Promise<LandingFeatured> {
      const ids = [
        ...(featured.heroArticleId ? [featured.heroArticleId] : []),
        ...featured.secondaryArticleIds,
        ...featured.editorsPickIds,
      ];
      const notPublic: number[] = [];
      for (const id of new Set(ids)) if (!(await isPublicArticle(id))) notPublic.push(id);
      if (notPublic.length) {
        throw badRequest(
          `Only published articles can be featured; not published or not found: ${notPublic.join(", ")}.`,
        );
      }
      await repository.upsertPart(featuredKey, featured, userId);
      changed();
      return featured;
    },

    async updateCharts(charts: LandingChart[], userId: number): Promise<LandingChart[]> {
      if (new Set(charts.map((chart) => chart.id)).size !== charts.length) {
        throw badRequest("Two charts have the same id.");
      }
      // Our market data (and its price history) covers the ticker's coins only.
      const tracked = tickerCoins.map((coin) => coin.symbol);
      const untracked = [...new Set(charts.flatMap((chart) => chart.coins))].filter(
        (symbol) => !tracked.includes(symbol),
      );
      if (untracked.length) {
        throw badRequest(
          `Charts can show the coins we track (${tracked.join(", ")}); not tracked: ${untracked.join(", ")}.`,
        );
      }
      await repository.upsertPart(chartsKey, charts, userId);
      changed();
      return charts;
    },
  };
}

export type LandingPageService = ReturnType<typeof createLandingPageService>;
