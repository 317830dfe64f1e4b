/** Contacts API (spec §7) as react-query hooks, plus the cache rules its realtime event shares. */
import {
  CONTACT_ROUTES as R,
  type ContactCsvImportInput,
  type ContactEvent,
  type ContactsPage,
  type contactCreateSchema,
} from '@switchboard/shared';
import type { z } from 'zod';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { updateLiveQueries } from './liveQueries';
import { call } from './client';
import { downloadCsv } from './download';
import { clearPages, removeFromPages, upsertInPages } from './listCache';
import { queryKeys } from './queryKeys';

const LISTS = { queryKey: ['contacts', 'list'] };

/** The contacts in pages; `search` is already debounced, lower-cased and thresholded. */
export function useContactsInfinite(search: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.contactsList(search),
    // Keyset paging: each page starts after the previous page's last contact (its nextCursor).
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call(R.list, { query: { searchParam: search, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    // Events only reach a mounted page, so a page opened again reloads what it may have missed.
    staleTime: 0,
  });
}

export function useContact(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.contact(id ?? 0),
    queryFn: ({ signal }) => call(R.show, { params: { id: id! }, signal }),
    enabled: id != null,
    staleTime: 0,
  });
}

/** Realtime `contact` and mutations: the same cache rules. */
export function applyContactEvent(queryClient: QueryClient, event: ContactEvent): void {
  type Data = InfiniteData<ContactsPage>;
  if (event.action !== 'delete') {
    updateLiveQueries<Data>(queryClient, LISTS.queryKey, (d) => upsertInPages(d, 'contacts', event.contact));
    queryClient.setQueryData(queryKeys.contact(event.contact.id), event.contact);
  } else if ('all' in event) {
    updateLiveQueries<Data>(queryClient, LISTS.queryKey, (d) => clearPages(d, 'contacts'));
    queryClient.removeQueries({ queryKey: ['contacts', 'detail'] });
  } else {
    updateLiveQueries<Data>(queryClient, LISTS.queryKey, (d) => removeFromPages(d, 'contacts', event.contactId));
    queryClient.removeQueries({ queryKey: queryKeys.contact(event.contactId) });
  }
}

/** What the contact modal sends (the route's own schema): `tags` holds the contact's complete tag list. */
export type ContactPayload = z.input<typeof contactCreateSchema>;

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    // Tags travel in the same body: one request, so a refused contact never leaves tags half-saved.
    mutationFn: ({ id, data }: { id?: number; data: ContactPayload }) =>
      id == null ? call(R.create, { body: data }) : call(R.update, { params: { id }, body: data }),
    onSuccess: (contact, { id }) => applyContactEvent(queryClient, { action: id == null ? 'create' : 'update', contact }),
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.remove, { params: { id } }),
    onSuccess: (_r, contactId) => applyContactEvent(queryClient, { action: 'delete', contactId }),
  });
}

export function useDeleteAllContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(R.removeAll),
    onSuccess: () => applyContactEvent(queryClient, { action: 'delete', all: true }),
  });
}

/** Imports the default connection's phone contacts; the list reloads to show them. */
export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(R.importPhone),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contacts'] }),
  });
}

/** Imports the rows of a contacts CSV; the list reloads to show the new ones. */
export function useImportContactsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: ContactCsvImportInput['rows']) => call(R.importCsv, { body: { rows } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contacts'] }),
  });
}

/** A file, outside the route table (api/download.ts). */
export const exportContactsCsv = () => downloadCsv('/contacts/export', 'contacts.csv');

/** An admin opts a contact back in to bulk messages. */
export function useOptInContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.optIn, { params: { id } }),
    onSuccess: (contact) => {
      queryClient.setQueryData(queryKeys.contact(contact.id), contact);
      void queryClient.invalidateQueries({ queryKey: ['contacts', 'list'] });
    },
  });
}
