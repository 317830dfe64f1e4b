import { messageResultSchema, type UserCreateBody, type UserDTO, type UserUpdateBody, userSchema, usersPageSchema } from '@switchboard/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';
import { removeUserFromPages, upsertUserInPages, type UsersPage } from './cacheUpdates';

/** GET /users in pages; `search` is already debounced and thresholded by the caller. */
export function useUsersInfinite(search: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.usersList(search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get('/users', usersPageSchema, { searchParam: search, pageNumber: pageParam }, signal),
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export function useUser(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.user(id ?? 0),
    queryFn: ({ signal }) => api.get(`/users/${id}`, userSchema, undefined, signal),
    enabled: id != null,
    staleTime: 0,
  });
}

/** Apply a created/updated user to every cached list and detail entry. */
export function applyUserToCache(queryClient: ReturnType<typeof useQueryClient>, user: UserDTO): void {
  queryClient.setQueriesData<InfiniteData<UsersPage>>({ queryKey: ['users', 'list'] }, (d) => upsertUserInPages(d, user));
  queryClient.setQueryData(queryKeys.user(user.id), user);
}

export function removeUserFromCache(queryClient: ReturnType<typeof useQueryClient>, userId: number): void {
  queryClient.setQueriesData<InfiniteData<UsersPage>>({ queryKey: ['users', 'list'] }, (d) => removeUserFromPages(d, userId));
  queryClient.removeQueries({ queryKey: queryKeys.user(userId) });
}

/** The fields as the form sends them (flags as 'enabled'/'desabled'): the route's create or update body. */
export type UserPayload = UserCreateBody | UserUpdateBody;

export type UserSaveInput = {
  /** Absent when creating. */
  id?: number;
  data: UserPayload;
};

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserSaveInput) =>
      input.id == null ? api.post('/users', userSchema, input.data) : api.put(`/users/${input.id}`, userSchema, input.data),
    onSuccess: (user) => applyUserToCache(queryClient, user),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/users/${id}`, messageResultSchema),
    onSuccess: (_r, id) => removeUserFromCache(queryClient, id),
  });
}
