import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { SettingDTO } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { mergePagesById, type UsersPage } from '../api/cacheUpdates';
import { queryKeys } from '../api/queryKeys';
import { userFixture } from '../test/fixtures';
import { applySettingsEvent, applyUserEvent } from './cacheEvents';

function clientWithUsers(...pages: number[][]) {
  const queryClient = new QueryClient();
  const data: InfiniteData<UsersPage> = {
    pageParams: pages.map((_, i) => i + 1),
    pages: pages.map((ids, i) => ({
      users: ids.map((id) => userFixture({ id, name: `U${id}` })),
      hasMore: i < pages.length - 1,
      count: pages.flat().length,
    })),
  };
  queryClient.setQueryData(queryKeys.usersList(''), data);
  return queryClient;
}

const listedIds = (queryClient: QueryClient) =>
  queryClient.getQueryData<InfiniteData<UsersPage>>(queryKeys.usersList(''))!.pages.map((p) => p.users.map((u) => u.id));

describe('realtime user events', () => {
  it('puts a created user first', () => {
    const queryClient = clientWithUsers([1, 2], [3]);
    applyUserEvent(queryClient, { action: 'create', user: userFixture({ id: 9 }) });
    expect(listedIds(queryClient)).toEqual([[9, 1, 2], [3]]);
  });

  it('replaces an updated user where it is', () => {
    const queryClient = clientWithUsers([1, 2], [3]);
    applyUserEvent(queryClient, { action: 'update', user: userFixture({ id: 3, name: 'Renamed' }) });
    expect(listedIds(queryClient)).toEqual([[1, 2], [3]]);
    const page = queryClient.getQueryData<InfiniteData<UsersPage>>(queryKeys.usersList(''))!.pages[1];
    expect(page.users[0].name).toBe('Renamed');
    expect(queryClient.getQueryData(queryKeys.user(3))).toMatchObject({ name: 'Renamed' });
  });

  it('removes a deleted user', () => {
    const queryClient = clientWithUsers([1, 2], [3]);
    applyUserEvent(queryClient, { action: 'delete', userId: 2 });
    expect(listedIds(queryClient)).toEqual([[1], [3]]);
  });
});

describe('realtime settings events', () => {
  it("changes the matching key's value", () => {
    const queryClient = new QueryClient();
    const settings: SettingDTO[] = [
      { key: 'darkMode', value: 'disabled', updatedAt: '' },
      { key: 'sideMenu', value: 'enabled', updatedAt: '' },
    ];
    queryClient.setQueryData(queryKeys.settings, settings);
    applySettingsEvent(queryClient, { action: 'update', setting: { key: 'darkMode', value: 'enabled', updatedAt: 'now' } });
    expect(queryClient.getQueryData<SettingDTO[]>(queryKeys.settings)!.map((s) => s.value)).toEqual(['enabled', 'enabled']);
  });
});

describe('paged lists', () => {
  it('merge pages by id, keeping the first occurrence', () => {
    expect(
      mergePagesById([
        [{ id: 1 }, { id: 2 }],
        [{ id: 2 }, { id: 3 }],
      ]).map((x) => x.id),
    ).toEqual([1, 2, 3]);
  });
});
