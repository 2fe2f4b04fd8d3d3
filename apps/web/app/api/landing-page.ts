import type { Article, Category } from "@aurumwire/shared/articles";
import type {
  LandingChart,
  LandingFeatured,
  LandingPageConfiguration,
  LandingPageContent,
  LandingSection,
  LandingSectionCreate,
  LandingSectionUpdate,
} from "@aurumwire/shared/landing-page";
import type {
  MarketDataResponse,
  MarketHistoryPeriod,
  MarketHistoryResponse,
  MarketsTableResponse,
  TickerResponse,
} from "@aurumwire/shared/market";
import type { NewsTickerResponse } from "@aurumwire/shared/news";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

/** The Landing Page Manager's calls (spec point 7 and decision 120). */
export const landingConfigurationKey = ["landing-page", "configuration"] as const;

export function useLandingConfiguration() {
  return useQuery({
    queryKey: landingConfigurationKey,
    queryFn: async () =>
      (await api.get<{ data: LandingPageConfiguration }>("/landing-page/configuration")).data,
    staleTime: 0,
  });
}

function useLandingMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: landingConfigurationKey }),
  });
}

export function useCreateLandingSection() {
  return useLandingMutation(
    async (body: LandingSectionCreate) =>
      (await api.post<{ data: LandingSection }>("/landing-page/sections", body)).data,
  );
}

export function useUpdateLandingSection() {
  return useLandingMutation(
    async ({ id, ...body }: LandingSectionUpdate & { id: number }) =>
      (await api.put<{ data: LandingSection }>(`/landing-page/sections/${id}`, body)).data,
  );
}

export function useDeleteLandingSection() {
  return useLandingMutation((id: number) => api.delete<void>(`/landing-page/sections/${id}`));
}

/** Shows the new order at once; the server's answer (or a refusal) settles it. */
export function useReorderLandingSections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sectionIds: number[]) =>
      (await api.post<{ data: LandingSection[] }>("/landing-page/sections/reorder", { sectionIds }))
        .data,
    onMutate: async (sectionIds) => {
      await queryClient.cancelQueries({ queryKey: landingConfigurationKey });
      const previous = queryClient.getQueryData<LandingPageConfiguration>(landingConfigurationKey);
      if (previous) {
        const byId = new Map(previous.sections.map((section) => [section.id, section]));
        queryClient.setQueryData<LandingPageConfiguration>(landingConfigurationKey, {
          ...previous,
          sections: sectionIds.flatMap((id) => byId.get(id) ?? []),
        });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(landingConfigurationKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: landingConfigurationKey }),
  });
}

export function useSaveLandingContent() {
  return useLandingMutation(
    async (body: LandingPageContent) =>
      (await api.put<{ data: LandingPageContent }>("/landing-page/content", body)).data,
  );
}

export function useSaveLandingFeatured() {
  return useLandingMutation(
    async (body: LandingFeatured) =>
      (await api.put<{ data: LandingFeatured }>("/landing-page/featured", body)).data,
  );
}

export function useSaveLandingCharts() {
  return useLandingMutation(
    async (charts: LandingChart[]) =>
      (await api.put<{ charts: LandingChart[] }>("/landing-page/charts", { charts })).charts,
  );
}

// The manager's look-ups: the coins a chart can compare, the categories a section can narrow
// to, and the published articles an editor picks from.

/** The coins our market data tracks (the ticker's 12). */
export function useTrackedCoins() {
  return useQuery({
    queryKey: ["market-data", "ticker"],
    queryFn: async () =>
      (await api.get<TickerResponse>("/market-data/ticker")).data.coins.map((coin) => coin.symbol),
    staleTime: 300_000,
  });
}

/** The public categories, for a section narrowed to one. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ["categories", "public"],
    queryFn: readPublicCategories,
    staleTime: 60_000,
  });
}

async function readPublicCategories(): Promise<Category[]> {
  const answer = await api.get<{ categories: Category[] } | Category[]>("/categories");
  return Array.isArray(answer) ? answer : answer.categories;
}

const articlesOf = async (path: string) => (await api.get<{ articles: Article[] }>(path)).articles;

/**
 * What the manager's preview composes a draft from: the sources /landing's loader reads on the
 * server, over the JSON API.
 */
export const landingPreviewSources = {
  newest: (count: number) => articlesOf(`/articles?limit=${count}`),
  categories: readPublicCategories,
  article: async (id: number) => (await api.get<{ article: Article }>(`/articles/${id}`)).article,
  inCategory: (slug: string, count: number) =>
    articlesOf(`/articles?limit=${count}&categorySlug=${encodeURIComponent(slug)}`),
  trending: (count: number) => articlesOf(`/articles/trending?limit=${count}`),
  analytics: async () => (await api.get<MarketDataResponse>("/market-data")).data,
  markets: async () => (await api.get<MarketsTableResponse>("/market-data/markets")).data,
  history: async (coins: readonly string[], period: MarketHistoryPeriod) =>
    (
      await api.get<MarketHistoryResponse>(
        `/market-data/history?coins=${encodeURIComponent(coins.join(","))}&period=${period}`,
      )
    ).data,
  news: () => api.get<NewsTickerResponse>("/news/ticker"),
};

/** Published articles matching the search (the newest 20 without one). */
export function useArticleSearch(search: string) {
  return useQuery({
    queryKey: ["landing-page", "article-search", search],
    queryFn: async () =>
      (
        await api.get<{ articles: Article[] }>(
          `/articles?limit=20${search ? `&search=${encodeURIComponent(search)}` : ""}`,
        )
      ).articles.map((article) => ({ id: article.id, title: article.title })),
    staleTime: 30_000,
  });
}

/** The titles of picks saved earlier (they may be older than any search shows). */
export function usePickTitles(ids: number[]) {
  return useQuery({
    queryKey: ["landing-page", "pick-titles", ids],
    queryFn: async () => {
      const titles = new Map<number, string>();
      await Promise.all(
        ids.map(async (id) => {
          try {
            const { article } = await api.get<{ article: Article }>(`/articles/${id}`);
            titles.set(id, article.title);
          } catch {
            titles.set(id, `Article ${id} (no longer published)`);
          }
        }),
      );
      return titles;
    },
    enabled: ids.length > 0,
  });
}
