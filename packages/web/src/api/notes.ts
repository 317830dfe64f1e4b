/** Private notes, @mention candidates and the user's unread mentions (kept apart from messages.ts). */
import { NOTE_ROUTES, USER_ROUTES, type AddNoteBody } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { upsertMessage } from './messageCache';

export const mentionKeys = {
  unread: ['mentions', 'unread'] as const,
  candidates: (search: string) => ['mentions', 'candidates', search] as const,
};

/** A private note: its text and idempotency key, on a ticket. */
export type NoteInput = Required<AddNoteBody> & { ticketId: number };

export function useSendNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, body, idempotencyKey }: NoteInput) =>
      call(NOTE_ROUTES.add, { params: { ticketId }, body: { body, idempotencyKey } }),
    onSuccess: (note) => upsertMessage(queryClient, note),
  });
}

export function useUnreadMentions(enabled = true) {
  return useQuery({
    queryKey: mentionKeys.unread,
    queryFn: ({ signal }) => call(NOTE_ROUTES.unreadMentions, { signal }),
    select: (data) => data.mentions,
    enabled,
  });
}

/** Colleagues whose name starts the typed `@…` (null: no mention being typed). */
export function useMentionCandidates(search: string | null) {
  return useQuery({
    queryKey: mentionKeys.candidates(search ?? ''),
    queryFn: ({ signal }) => call(USER_ROUTES.list, { query: { searchParam: search ?? '', pageNumber: 1 }, signal }),
    select: (data) => data.users.slice(0, 8),
    enabled: search != null,
    staleTime: 30_000,
  });
}

/** The `@query` being typed at the end of the draft, or null. */
export function mentionQuery(text: string): string | null {
  const match = /(?:^|\s)@([^\s@]{0,30})$/u.exec(text);
  return match ? match[1] : null;
}
