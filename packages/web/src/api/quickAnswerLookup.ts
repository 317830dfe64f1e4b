/** The composer's '/' lookup: GET /quickAnswers?searchParam=<text after '/'> (shortcut prefix first). */
import { QUICK_ANSWER_ROUTES } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';

export function useQuickAnswerLookup(search: string | null) {
  return useQuery({
    queryKey: queryKeys.quickAnswerLookup(search ?? ''),
    queryFn: ({ signal }) => call(QUICK_ANSWER_ROUTES.list, { query: { searchParam: search ?? '' }, signal }),
    enabled: search != null,
    retry: false,
    select: (d) => d.quickAnswers,
  });
}
