import type { NotificationsResponse } from "@aurumwire/shared/notifications";
import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api-client";

/** The header bell's list (decision 133): the signed-in account's own news, read every 5 minutes. */
export function useNotifications(userId: number) {
  return useQuery({
    queryKey: ["notifications", userId],
    queryFn: () => api.get<NotificationsResponse>("/notifications"),
    staleTime: 60_000,
    refetchInterval: 300_000,
  });
}
