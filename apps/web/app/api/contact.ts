import type {
  ContactListResponse,
  ContactMessageInput,
  ContactStatus,
} from "@aurumwire/shared/contact";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

/** The Messages screen's calls (admins; decision 123). */
export function useContactMessages(query: {
  page: number;
  limit: number;
  status: "inbox" | ContactStatus;
}) {
  return useQuery({
    queryKey: ["contact", "messages", query],
    queryFn: () =>
      api.get<ContactListResponse>(
        `/contact/messages?page=${query.page}&limit=${query.limit}&status=${query.status}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSetMessageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ContactStatus }) =>
      api.put(`/contact/messages/${id}`, { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["contact"] }),
  });
}

/** The contact form (decision 123): the message goes to the desk's inbox and the admins' Messages. */
export function sendContactMessage(message: ContactMessageInput & { website: string }) {
  return api.post<void>("/contact/messages", message);
}
