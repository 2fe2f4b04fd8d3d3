import type {
  LandingChart,
  LandingFeatured,
  LandingPageConfiguration,
  LandingPageContent,
  LandingSection,
  LandingSectionCreate,
  LandingSectionUpdate,
} from "@aurumwire/shared/landing-page";
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
