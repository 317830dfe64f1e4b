/** Messages API (spec §7): the paged chat, sending (text, quote, files, audio) and deleting. */
import { MESSAGE_ROUTES as R, requestOf, type EditMessageInput, type ReactMessageInput, type SendMessageBody } from '@switchboard/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, call } from './client';
import { fetchMediaBlob } from './mediaBlob';
import { liveMessages, upsertMessage, type MessagesData } from './messageCache';
import { queryKeys } from './queryKeys';

/**
 * The chat: pages of the conversation, newest first. Each older page continues below the oldest
 * message held (`before`), through the ticket's first message into the contact's earlier tickets.
 */
export function useMessagesInfinite(ticketId: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages(ticketId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      // A (re)fetch starts with the newest page; older pages follow or are loaded on scroll.
      if (pageParam === null) liveMessages.fetchBegins(ticketId);
      return call(R.list, { params: { ticketId }, query: pageParam === null ? {} : { before: pageParam }, signal });
    },
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    // Messages that arrived live while this fetch ran are kept (messageCache.ts LiveMessages).
    structuralSharing: (_old: unknown, fresh: unknown) => liveMessages.applyTo(ticketId, fresh as MessagesData),
    // Opening the chat again reloads it (page 1 also resets the unread count on the server).
    staleTime: 0,
    retry: false,
  });
}

/**
 * A message to send: the route's fields (sendMessageSchema), each user action with its own
 * idempotency key (a repeated key sends once: double clicks, retries), and the files, which go
 * as multipart beside the same fields.
 */
export type SendInput = Pick<SendMessageBody, 'body' | 'quotedMsg' | 'voiceNote'> &
  Required<Pick<SendMessageBody, 'idempotencyKey'>> & { ticketId: number; files?: File[] };

function toFormData({ body = '', files = [], quotedMsg, idempotencyKey, voiceNote }: SendInput): FormData {
  const form = new FormData();
  // A multipart field is text: the flag and the quoted message's id are written as the route reads them.
  if (voiceNote === true || voiceNote === 'true') form.append('voiceNote', 'true');
  for (const file of files) form.append('medias', file, file.name);
  form.append('body', body);
  const quotedId = typeof quotedMsg === 'object' && quotedMsg ? quotedMsg.id : quotedMsg;
  if (quotedId) form.append('quotedMsg', quotedId);
  form.append('idempotencyKey', idempotencyKey);
  return form;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInput) => {
      const params = { ticketId: input.ticketId };
      if (!input.files?.length)
        return call(R.send, { params, body: { body: input.body, quotedMsg: input.quotedMsg, idempotencyKey: input.idempotencyKey } });
      // Files go as multipart beside the same fields: the table's path, a form for a body.
      return apiRequest(requestOf(R.send, { params, body: {} }).path, R.send.answer, { method: 'POST', body: toFormData(input) });
    },
    // The realtime event brings the same messages; showing them now avoids waiting for it.
    onSuccess: (sent) => {
      for (const m of Array.isArray(sent) ? sent : [sent]) upsertMessage(queryClient, m);
    },
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(R.remove, { params: { id } }),
    onSuccess: (message) => upsertMessage(queryClient, message),
  });
}

/** Puts the company's reaction on a message (an empty emoji takes it away). */
export function useReactToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, emoji }: { id: string } & ReactMessageInput) => call(R.react, { params: { id }, body: { emoji } }),
    onSuccess: (message) => upsertMessage(queryClient, message),
  });
}

/** Replaces the text of one of our sent texts (within the channel's edit window). */
export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string } & EditMessageInput) => call(R.edit, { params: { id }, body: { body } }),
    onSuccess: (message) => upsertMessage(queryClient, message),
  });
}

/** Sends a failed message of ours again (it goes back to the outbox: the clock, then the ticks). */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(R.retry, { params: { id } }),
    onSuccess: (message) => upsertMessage(queryClient, message),
  });
}

/** A message's media as a Blob, fetched with the bearer token (the path that needs one). */
export function useMediaBlob(url: string | null) {
  return useQuery({
    queryKey: queryKeys.media(url ?? ''),
    queryFn: ({ signal }) => fetchMediaBlob(url!, signal),
    enabled: !!url,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/** Messages of the conversation containing `term` (empty term: no search), newest first. */
export function useMessageSearch(ticketId: number, term: string) {
  return useQuery({
    queryKey: queryKeys.messageSearch(ticketId, term),
    queryFn: ({ signal }) => call(R.search, { params: { ticketId }, query: { q: term }, signal }),
    enabled: term.length > 0,
    staleTime: 0,
    retry: false,
  });
}
