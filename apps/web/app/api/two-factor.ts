import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from "@aurumwire/shared/two-factor";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

const statusKey = ["auth", "two-factor"] as const;

/** The signed-in account's two-factor state (issue 31, decision 202). */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => api.get<TwoFactorStatus>("/auth/2fa"),
  });
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>("/auth/2fa/setup") });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>("/auth/2fa/enable", { code }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post<void>("/auth/2fa/disable", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
