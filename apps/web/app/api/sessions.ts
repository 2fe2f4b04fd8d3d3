import type { SessionList } from "@aurumwire/shared/users";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

/** The signed-in account's sessions (issue 31, decision 200). */
export function useSessions() {
  return useQuery({
    queryKey: ["auth", "sessions"],
    queryFn: () => api.get<SessionList>("/auth/sessions"),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/auth/sessions/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["auth", "sessions"] }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ended: number }>("/auth/sessions/revoke-others"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["auth", "sessions"] }),
  });
}
