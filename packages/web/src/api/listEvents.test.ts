import type { ContactDTO, ContactsPage, QueueDTO, QuickAnswersPage, TagDTO, TagsPage } from '@switchboard/shared';
import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyContactEvent, applyQueueEvent, applyQuickAnswerEvent, applyTagEvent } from '../realtime/cacheEvents';
import { queryKeys } from './queryKeys';

const contact = (id: number, name = `C${id}`): ContactDTO => ({
  id,
  name,
  number: `55119999000${id}`,
  email: '',
  profilePicUrl: '',
  isGroup: false,
  extraInfo: [],
  tags: [],
  tickets: [],
  optedOutAt: null,
  createdAt: '',
  updatedAt: '',
});
const tag = (id: number, name = `T${id}`): TagDTO => ({
  id,
  name,
  color: '#abcdef',
  userId: 1,
  contactsCount: 0,
  createdAt: '',
  updatedAt: '',
});
const sector = (id: number, name = `S${id}`): QueueDTO => ({
  id,
  name,
  color: 'red',
  greetingMessage: '',
  absenceMessage: '',
  startWork: '08:00',
  endWork: '18:00',
  autoAssign: false,
  maxOpenPerAttendant: null,
  orderQueue: null,
  createdAt: '',
  updatedAt: '',
});

function paged<K extends string, T>(key: K, ...pages: T[][]) {
  const count = pages.flat().length;
  return {
    pageParams: pages.map((_, i) => i + 1),
    pages: pages.map((items, i) => ({ [key]: items, hasMore: i < pages.length - 1, count })),
  };
}

describe('realtime contact events', () => {
  const setup = () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.contactsList(''), paged('contacts', [contact(1), contact(2)], [contact(3)]));
    qc.setQueryData(queryKeys.contactsList('ana'), paged('contacts', [contact(2)]));
    return qc;
  };
  const ids = (qc: QueryClient, search = '') =>
    qc.getQueryData<InfiniteData<ContactsPage>>(queryKeys.contactsList(search))!.pages.map((p) => p.contacts.map((c) => c.id));

  it('puts a created contact first in every loaded list, and updates one in place', () => {
    const qc = setup();
    applyContactEvent(qc, { action: 'create', contact: contact(9) });
    expect(ids(qc)).toEqual([[9, 1, 2], [3]]);
    applyContactEvent(qc, { action: 'update', contact: contact(3, 'Renamed') });
    expect(ids(qc)).toEqual([[9, 1, 2], [3]]);
    expect(qc.getQueryData<ContactDTO>(queryKeys.contact(3))?.name).toBe('Renamed');
  });

  it('removes a deleted contact, and clears every list on delete-all', () => {
    const qc = setup();
    applyContactEvent(qc, { action: 'delete', contactId: 2 });
    expect(ids(qc)).toEqual([[1], [3]]);
    expect(ids(qc, 'ana')).toEqual([[]]);
    applyContactEvent(qc, { action: 'delete', all: true });
    expect(ids(qc)).toEqual([[]]);
    expect(qc.getQueryData<InfiniteData<ContactsPage>>(queryKeys.contactsList(''))!.pages[0].count).toBe(0);
  });
});

describe('realtime tag events', () => {
  it('keep the paged list and the picker list (GET /tags/list) in step', () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.tagsList(''), paged('tags', [tag(1), tag(2)]));
    qc.setQueryData(queryKeys.tagsAll, [tag(1), tag(2)]);
    const pageIds = () => qc.getQueryData<InfiniteData<TagsPage>>(queryKeys.tagsList(''))!.pages[0].tags.map((x) => x.id);
    const allIds = () => qc.getQueryData<TagDTO[]>(queryKeys.tagsAll)!.map((x) => x.id);

    applyTagEvent(qc, { action: 'create', tag: tag(5) });
    expect(pageIds()).toEqual([5, 1, 2]);
    expect(allIds()).toEqual([5, 1, 2]);
    applyTagEvent(qc, { action: 'update', tag: { ...tag(1), contactsCount: 4 } });
    expect(qc.getQueryData<InfiniteData<TagsPage>>(queryKeys.tagsList(''))!.pages[0].tags[1].contactsCount).toBe(4);
    applyTagEvent(qc, { action: 'delete', tagId: 2 });
    expect(pageIds()).toEqual([5, 1]);
    expect(allIds()).toEqual([5, 1]);
    applyTagEvent(qc, { action: 'delete', all: true });
    expect(pageIds()).toEqual([]);
    expect(allIds()).toEqual([]);
  });
});

describe('realtime quick answer events', () => {
  it('upsert first, remove, clear', () => {
    const qc = new QueryClient();
    const qa = (id: number) => ({ id, shortcut: `s${id}`, message: 'message!', createdAt: '', updatedAt: '' });
    qc.setQueryData(queryKeys.quickAnswersList(''), paged('quickAnswers', [qa(1)], [qa(2)]));
    const ids = () =>
      qc.getQueryData<InfiniteData<QuickAnswersPage>>(queryKeys.quickAnswersList(''))!.pages.map((p) => p.quickAnswers.map((x) => x.id));
    applyQuickAnswerEvent(qc, { action: 'create', quickAnswer: qa(7) });
    expect(ids()).toEqual([[7, 1], [2]]);
    applyQuickAnswerEvent(qc, { action: 'delete', quickAnswerId: 1 });
    expect(ids()).toEqual([[7], [2]]);
    applyQuickAnswerEvent(qc, { action: 'delete', all: true });
    expect(ids()).toEqual([[]]);
  });
});

describe('realtime sector events', () => {
  it('upsert first and remove in the unpaged list', () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.queues, [sector(1), sector(2)]);
    const ids = () => qc.getQueryData<QueueDTO[]>(queryKeys.queues)!.map((q) => q.id);
    applyQueueEvent(qc, { action: 'create', queue: sector(3) });
    expect(ids()).toEqual([3, 1, 2]);
    applyQueueEvent(qc, { action: 'update', queue: sector(1, 'Sales') });
    expect(qc.getQueryData<QueueDTO[]>(queryKeys.queues)![1].name).toBe('Sales');
    applyQueueEvent(qc, { action: 'delete', queueId: 2 });
    expect(ids()).toEqual([3, 1]);
  });

  it('a sector created while the list is being read is there once that read ends', async () => {
    const qc = new QueryClient();
    // The server's list, and the answers it gives: the first was read before the new sector existed.
    const server = [sector(1)];
    let release: () => void = () => undefined;
    const answers: Promise<QueueDTO[]>[] = [new Promise((resolve) => (release = () => resolve([sector(1)]))), Promise.resolve(server)];
    let reads = 0;
    // A picker shows the list (an observer), as a dialog does.
    const observer = new QueryObserver(qc, { queryKey: queryKeys.queues, queryFn: () => answers[reads++] });
    const stop = observer.subscribe(() => undefined);
    expect(reads).toBe(1);
    server.unshift(sector(2));
    applyQueueEvent(qc, { action: 'create', queue: sector(2) });
    release();
    await vi.waitFor(() => expect(reads).toBe(2));
    await vi.waitFor(() => expect(qc.getQueryData<QueueDTO[]>(queryKeys.queues)!.map((q) => q.id)).toEqual([2, 1]));
    stop();
  });
});
