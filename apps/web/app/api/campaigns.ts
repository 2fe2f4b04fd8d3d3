import type { CampaignDraft, CampaignTemplate, CampaignView } from "@aurumwire/shared/campaigns";
import type { TermMappingList } from "@aurumwire/shared/partner-terms";
import type {
  ComplianceStatus,
  ConnectionTestResult,
  CreatePartnerConnection,
  IntegrationStatus,
  PartnerConnectionView,
  PartnerPushView,
  UpdatePartnerConnection,
} from "@aurumwire/shared/partners";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

/** Calls of the campaigns screens; answers are `{ success, data }`. */
type Answer<T> = { success: true; data: T };

/** `/api/{product}`: the product is the site name in lower case (spec point 7). */
export function partnerBase(siteName: string) {
  return `/${siteName.toLowerCase().replace(/[^a-z0-9]+/g, "") || "partner"}`;
}

const keys = {
  status: ["partner", "status"] as const,
  compliance: ["partner", "compliance"] as const,
  partners: ["partner", "connections"] as const,
  campaigns: ["campaigns"] as const,
  templates: ["campaigns", "templates"] as const,
  campaign: (id: number) => ["campaigns", id] as const,
  recommendations: ["partner", "recommendations"] as const,
};

export function useIntegrationStatus(base: string) {
  return useQuery({
    queryKey: keys.status,
    queryFn: async () => (await api.get<Answer<IntegrationStatus>>(`${base}/status`)).data,
  });
}

export function useCompliance(base: string) {
  return useQuery({
    queryKey: keys.compliance,
    queryFn: async () => (await api.get<Answer<ComplianceStatus>>(`${base}/compliance`)).data,
  });
}

function useInvalidating<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ["partner"] });
      queryClient.invalidateQueries({ queryKey: keys.campaigns });
    },
  });
}

export function useTestConnection(base: string) {
  return useInvalidating(
    async (partnerId?: number) =>
      (
        await api.get<Answer<ConnectionTestResult>>(
          `${base}/test${partnerId ? `?partnerId=${partnerId}` : ""}`,
        )
      ).data,
  );
}

export function useResetCompliance(base: string) {
  return useInvalidating(
    async () => (await api.post<Answer<ComplianceStatus>>(`${base}/compliance/reset`)).data,
  );
}

export function usePartners(base: string, enabled = true) {
  return useQuery({
    queryKey: keys.partners,
    enabled,
    queryFn: async () =>
      (await api.get<Answer<{ partners: PartnerConnectionView[] }>>(`${base}/partners`)).data
        .partners,
  });
}

export function useSavePartner(base: string) {
  return useInvalidating(
    async (input: { id?: number; values: CreatePartnerConnection | UpdatePartnerConnection }) =>
      input.id
        ? (
            await api.put<Answer<{ partner: PartnerConnectionView }>>(
              `${base}/partners/${input.id}`,
              input.values,
            )
          ).data.partner
        : (
            await api.post<Answer<{ partner: PartnerConnectionView }>>(
              `${base}/partners`,
              input.values,
            )
          ).data.partner,
  );
}

export function useDeletePartner(base: string) {
  return useInvalidating(
    async (id: number) =>
      (await api.delete<Answer<{ deleted: boolean }>>(`${base}/partners/${id}`)).data,
  );
}

export function useRecommendations(base: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.recommendations,
    enabled,
    queryFn: async () =>
      (
        await api.get<
          Answer<{
            articles: Array<{
              id: number;
              title: string;
              viewCount: number;
              publishedAt: string | null;
            }>;
          }>
        >(`${base}/recommendations?limit=20`)
      ).data.articles,
  });
}

export function useCampaignTemplates() {
  return useQuery({
    queryKey: keys.templates,
    queryFn: async () =>
      (await api.get<Answer<{ templates: CampaignTemplate[] }>>("/campaigns/templates")).data
        .templates,
  });
}

export function useCampaigns() {
  return useQuery({
    queryKey: keys.campaigns,
    queryFn: async () =>
      (await api.get<Answer<{ campaigns: CampaignView[] }>>("/campaigns")).data.campaigns,
  });
}

export type CampaignDetail = {
  campaign: CampaignView;
  pushes: PartnerPushView[];
  aiDrafts: Array<{ articleId: number; title: string; status: string }>;
};

export function useCampaign(id: number) {
  return useQuery({
    queryKey: keys.campaign(id),
    queryFn: async () => (await api.get<Answer<CampaignDetail>>(`/campaigns/${id}`)).data,
    // Queued articles go out on the server's schedule: the page follows them.
    refetchInterval: 15_000,
  });
}

export function useCreateCampaign() {
  return useInvalidating(
    async (draft: CampaignDraft) =>
      (await api.post<Answer<CampaignDetail>>("/campaigns", draft)).data,
  );
}

export function useCampaignAction() {
  return useInvalidating(
    async (input: { id: number; action: "launch" | "pause" | "resume" | "cancel" }) =>
      (await api.post<Answer<CampaignDetail>>(`/campaigns/${input.id}/${input.action}`)).data,
  );
}

export function useAddCampaignArticles() {
  return useInvalidating(
    async (input: { id: number; articleIds: number[] }) =>
      (
        await api.post<
          Answer<
            CampaignDetail & {
              articles: Array<{ articleId: number; success: boolean; error?: string }>;
            }
          >
        >(`/campaigns/${input.id}/articles`, { articleIds: input.articleIds })
      ).data,
  );
}

/** One AI draft from the campaign's message (may take minutes: the writer's own time limit). */
export function useCampaignAiDraft() {
  return useInvalidating(
    async (id: number) =>
      (await api.post<Answer<CampaignDetail>>(`/campaigns/${id}/ai-drafts`)).data,
  );
}

/** The Syndication log: every push, campaign or not (decision 173). */
export function usePushes(base: string) {
  return useQuery({
    queryKey: ["partner", "pushes"],
    queryFn: async () =>
      (await api.get<Answer<{ pushes: PartnerPushView[] }>>(`${base}/pushes?limit=300`)).data
        .pushes,
    refetchInterval: 15_000,
  });
}

/** Retry, send again as new, or withdraw one push; answers the push it made. */
export function usePushAction(base: string) {
  return useInvalidating(
    async (input: { id: number; action: "retry" | "send-as-new" | "withdraw" }) =>
      (
        await api.post<Answer<{ push: PartnerPushView }>>(
          `${base}/pushes/${input.id}/${input.action}`,
        )
      ).data.push,
  );
}

/** A connection's term mapping (decision 175): read, set one, clear one. */
export function useTermMappings(base: string, partnerId: number) {
  return useQuery({
    queryKey: ["partner", "terms", partnerId],
    queryFn: async () =>
      (await api.get<Answer<TermMappingList>>(`${base}/partners/${partnerId}/terms`)).data,
  });
}

export function useSaveTermMapping(base: string, partnerId: number) {
  return useInvalidating(
    async (input: { taxonomy: string; slug: string; remoteId: string; clear?: boolean }) =>
      input.clear
        ? (
            await api.delete<Answer<TermMappingList>>(
              `${base}/partners/${partnerId}/terms?${new URLSearchParams({ taxonomy: input.taxonomy, slug: input.slug })}`,
            )
          ).data
        : (
            await api.put<Answer<TermMappingList>>(`${base}/partners/${partnerId}/terms`, {
              taxonomy: input.taxonomy,
              slug: input.slug,
              remoteId: input.remoteId,
            })
          ).data,
  );
}

/** One check of the partner test page: a partner endpoint's answer as the partner reads it. */
export function readPartnerCheck(path: string) {
  return api.get<{ data: unknown }>(path);
}
