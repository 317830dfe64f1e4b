/** Quick answers API (spec §7) as react-query hooks, plus the cache rules its realtime event shares. */
import { QUICK_ANSWER_ROUTES as R, type QuickAnswerEvent, type QuickAnswerSaveInput, type QuickAnswersPage } from '@switchboard/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { updateLiveQueries } from './liveQueries';
import { call } from './client';
import { clearPages, removeFromPages, upsertInPages } from './listCache';
import { queryKeys } from './queryKeys';

const LISTS = { queryKey: ['quickAnswers', 'list'] };

export function useQuickAnswersInfinite(search: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.quickAnswersList(search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => call(R.list, { query: { searchParam: search, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    // Events only reach a mounted page, so a page opened again reloads what it may have missed.
    staleTime: 0,
  });
}

export function useQuickAnswer(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.quickAnswer(id ?? 0),
    queryFn: ({ signal }) => call(R.show, { params: { id: id! }, signal }),
    enabled: id != null,
    staleTime: 0,
  });
}

export function applyQuickAnswerEvent(queryClient: QueryClient, event: QuickAnswerEvent): void {
  type Data = InfiniteData<QuickAnswersPage>;
  if (event.action !== 'delete') {
    updateLiveQueries<Data>(queryClient, LISTS.queryKey, (d) => upsertInPages(d, 'quickAnswers', event.quickAnswer));
    queryClient.setQueryData(queryKeys.quickAnswer(event.quickAnswer.id), event.quickAnswer);
  } else if ('all' in event) {
    updateLiveQueries<Data>(queryClient, LISTS.queryKey, (d) => clearPages(d, 'quickAnswers'));
    queryClient.removeQueries({ queryKey: ['quickAnswers', 'detail'] });
  } else {
    updateLiveQueries<Data>(queryClient, LISTS.queryKey, (d) => removeFromPages(d, 'quickAnswers', event.quickAnswerId));
    queryClient.removeQueries({ queryKey: queryKeys.quickAnswer(event.quickAnswerId) });
  }
}

export function useSaveQuickAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: number; data: QuickAnswerSaveInput }) =>
      id == null ? call(R.create, { body: data }) : call(R.update, { params: { id }, body: data }),
    onSuccess: (quickAnswer, { id }) => applyQuickAnswerEvent(queryClient, { action: id == null ? 'create' : 'update', quickAnswer }),
  });
}

export function useDeleteQuickAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.remove, { params: { id } }),
    onSuccess: (_r, quickAnswerId) => applyQuickAnswerEvent(queryClient, { action: 'delete', quickAnswerId }),
  });
}

export function useDeleteAllQuickAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(R.removeAll),
    onSuccess: () => applyQuickAnswerEvent(queryClient, { action: 'delete', all: true }),
  });
}
