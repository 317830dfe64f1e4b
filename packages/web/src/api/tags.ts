/** Tags API (spec §7) as react-query hooks, plus the cache rules its realtime event shares. */
import { TAG_ROUTES as R, type TagDTO, type TagEvent, type tagSaveSchema } from '@switchboard/shared';
import type { z } from 'zod';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { updateLiveQueries } from './liveQueries';
import { call } from './client';
import { downloadCsv } from './download';
import { type ListPage, clearPages, removeFromList, removeFromPages, upsertInList, upsertInPages } from './listCache';
import { queryKeys } from './queryKeys';

const LISTS = { queryKey: ['tags', 'list'] };

export function useTagsInfinite(search: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.tagsList(search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => call(R.list, { query: { searchParam: search, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    // Events only reach a mounted page, so a page opened again reloads what it may have missed.
    staleTime: 0,
  });
}

/** GET /tags/list: every tag, for the contact modal's picker. */
export function useAllTags(enabled = true) {
  return useQuery({
    queryKey: queryKeys.tagsAll,
    queryFn: ({ signal }) => call(R.all, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useTag(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.tag(id ?? 0),
    queryFn: ({ signal }) => call(R.show, { params: { id: id! }, signal }),
    enabled: id != null,
    staleTime: 0,
  });
}

export function applyTagEvent(queryClient: QueryClient, event: TagEvent): void {
  // A listed tag also carries its contacts (for the reference clients); an event's tag does not,
  // and this app reads only the count.
  type Data = InfiniteData<ListPage<'tags', TagDTO>>;
  if (event.action !== 'delete') {
    updateLiveQueries<Data>(queryClient, LISTS.queryKey, (d) => upsertInPages(d, 'tags', event.tag));
    queryClient.setQueryData<TagDTO[]>(queryKeys.tagsAll, (list) => upsertInList(list, event.tag));
    queryClient.setQueryData(queryKeys.tag(event.tag.id), event.tag);
  } else if ('all' in event) {
    updateLiveQueries<Data>(queryClient, LISTS.queryKey, (d) => clearPages(d, 'tags'));
    queryClient.setQueryData<TagDTO[]>(queryKeys.tagsAll, (list) => (list ? [] : list));
    queryClient.removeQueries({ queryKey: ['tags', 'detail'] });
  } else {
    updateLiveQueries<Data>(queryClient, LISTS.queryKey, (d) => removeFromPages(d, 'tags', event.tagId));
    queryClient.setQueryData<TagDTO[]>(queryKeys.tagsAll, (list) => removeFromList(list, event.tagId));
    queryClient.removeQueries({ queryKey: queryKeys.tag(event.tagId) });
  }
}

/** What the tag form sends (the route's own schema); `userId` is the saving user's id (spec §3 Tag), the server records the caller anyway. */
export type TagPayload = z.input<typeof tagSaveSchema>;

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: number; data: TagPayload }) =>
      id == null ? call(R.create, { body: data }) : call(R.update, { params: { id }, body: data }),
    onSuccess: (tag, { id }) => applyTagEvent(queryClient, { action: id == null ? 'create' : 'update', tag }),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.remove, { params: { id } }),
    onSuccess: (_r, tagId) => applyTagEvent(queryClient, { action: 'delete', tagId }),
  });
}

export function useDeleteAllTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(R.removeAll),
    onSuccess: () => applyTagEvent(queryClient, { action: 'delete', all: true }),
  });
}

export const exportTagsCsv = () => downloadCsv('/tags/export', 'tags.csv');
