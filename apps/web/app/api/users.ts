import type {
  CreateUserInput,
  ListUsersQuery,
  ManagedUser,
  ResetPassword,
  UpdateUser,
  UserListResponse,
  UserResponse,
} from "@aurumwire/shared/user-management";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

/** Calls of the user-management screen; answers are `{ success, data }` (decision 052). */
const usersKey = ["users"] as const;

export type UsersFilter = Partial<Pick<ListUsersQuery, "search" | "role" | "status">> & {
  page: number;
  limit: number;
};

export function useUsers(filter: UsersFilter) {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(filter.limit) });
  if (filter.search) params.set("search", filter.search);
  if (filter.role) params.set("role", filter.role);
  if (filter.status) params.set("status", filter.status);
  return useQuery({
    queryKey: [...usersKey, "list", params.toString()],
    queryFn: async () => (await api.get<UserListResponse>(`/users?${params}`)).data,
    placeholderData: keepPreviousData,
  });
}

function useUserMutation<Variables>(call: (variables: Variables) => Promise<ManagedUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useCreateUser() {
  return useUserMutation(
    async (input: CreateUserInput) => (await api.post<UserResponse>("/users", input)).data.user,
  );
}

export function useUpdateUser() {
  return useUserMutation(
    async ({ id, changes }: { id: number; changes: UpdateUser }) =>
      (await api.put<UserResponse>(`/users/${id}`, changes)).data.user,
  );
}

export function useResetPassword() {
  return useUserMutation(
    async ({ id, body }: { id: number; body: ResetPassword }) =>
      (await api.put<UserResponse>(`/users/${id}/password`, body)).data.user,
  );
}

/** DELETE deactivates; it is undone by setting is_active again. */
export function useDeactivateUser() {
  return useUserMutation(
    async (id: number) => (await api.delete<UserResponse>(`/users/${id}`)).data.user,
  );
}

export function useUploadAvatar() {
  return useUserMutation(async ({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append("avatar", file);
    return (await api.post<UserResponse>(`/users/${id}/avatar`, form)).data.user;
  });
}
