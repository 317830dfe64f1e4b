/** The composer's '/' lookup: GET /quickAnswers?searchParam=<text after '/'> (shortcut prefix first). */
import { quickAnswersPageSchema } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queryKeys';

export function useQuickAnswerLookup(search: string | null) {
  return useQuery({
    queryKey: queryKeys.quickAnswerLookup(search ?? ''),
    queryFn: ({ signal }) => api.get('/quickAnswers', quickAnswersPageSchema, { searchParam: search ?? '' }, signal),
    enabled: search != null,
    retry: false,
    select: (d) => d.quickAnswers,
  });
}
