/**
 * Realtime events → react-query cache (spec §4 Live updates). Kept apart from the socket so the
 * rules are plain functions of (cache, payload).
 */
import type { SettingDTO, SettingsEvent, UserEvent } from '@switchboard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { upsertSetting } from '../api/cacheUpdates';
import { queryKeys } from '../api/queryKeys';
import { applyUserToCache, removeUserFromCache } from '../api/users';

export function applyUserEvent(queryClient: QueryClient, event: UserEvent): void {
  if (event.action === 'delete') removeUserFromCache(queryClient, event.userId);
  else applyUserToCache(queryClient, event.user);
}

export function applySettingsEvent(queryClient: QueryClient, event: SettingsEvent): void {
  if (event.action !== 'update') return;
  queryClient.setQueryData<SettingDTO[]>(queryKeys.settings, (list) => upsertSetting(list, event.setting));
}
