import { USER_ROUTES as R, type UserCreateBody, type UserDTO, type UserUpdateBody } from '@switchboard/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { updateLiveQueries } from './liveQueries';
import { call } from './client';
import { queryKeys } from './queryKeys';
import { removeUserFromPages, upsertUserInPages, type UsersPage } from './cacheUpdates';

/** GET /users in pages; `search` is already debounced and thresholded by the caller. */
export function useUsersInfinite(search: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.usersList(search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => call(R.list, { query: { searchParam: search, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export function useUser(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.user(id ?? 0),
    queryFn: ({ signal }) => call(R.show, { params: { id: id! }, signal }),
    enabled: id != null,
    staleTime: 0,
  });
}

/** Apply a created/updated user to every cached list and detail entry. */
export function applyUserToCache(queryClient: ReturnType<typeof useQueryClient>, user: UserDTO): void {
  updateLiveQueries<InfiniteData<UsersPage>>(queryClient, ['users', 'list'], (d) => upsertUserInPages(d, user));
  queryClient.setQueryData(queryKeys.user(user.id), user);
}

export function removeUserFromCache(queryClient: ReturnType<typeof useQueryClient>, userId: number): void {
  updateLiveQueries<InfiniteData<UsersPage>>(queryClient, ['users', 'list'], (d) => removeUserFromPages(d, userId));
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
      // Creating, the form has required name, e-mail and password (formToPayload builds either body).
      input.id == null
        ? call(R.create, { body: input.data as UserCreateBody })
        : call(R.update, { params: { id: input.id }, body: input.data }),
    onSuccess: (user) => applyUserToCache(queryClient, user),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.remove, { params: { id } }),
    onSuccess: (_r, id) => removeUserFromCache(queryClient, id),
  });
}
