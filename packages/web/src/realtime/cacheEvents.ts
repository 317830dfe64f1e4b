/**
 * Realtime events → react-query cache (spec §4 Live updates). Kept apart from the socket so the
 * rules are plain functions of (cache, payload).
 */
import type { ConnectionDTO, ConnectionEvent, ConnectionSessionEvent, SettingDTO, SettingsEvent, UserEvent } from '@switchboard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { upsertSetting } from '../api/cacheUpdates';
import { applySessionUpdate } from '../api/connectionCache';
import { applyConnectionToCache, removeConnectionFromCache } from '../api/connectionsAdmin';
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

export function applyConnectionEvent(queryClient: QueryClient, event: ConnectionEvent): void {
  if (event.action === 'delete') removeConnectionFromCache(queryClient, event.whatsappId);
  else applyConnectionToCache(queryClient, event.whatsapp);
}

/** Session updates change status, updatedAt, qrcode and retries (spec §4 Connection status). */
export function applyConnectionSessionEvent(queryClient: QueryClient, event: ConnectionSessionEvent): void {
  if (event.action !== 'update') return;
  queryClient.setQueryData<ConnectionDTO[]>(queryKeys.connections, (list) => applySessionUpdate(list, event.session));
}

// The list screens' events (contacts, tags, quick answers, sectors) keep their rules next to their
// API hooks; the screens subscribe while they are open (components/useRealtimeEvent.ts).
export { applyContactEvent } from '../api/contacts';
export { applyTagEvent } from '../api/tags';
export { applyQuickAnswerEvent } from '../api/quickAnswers';
export { applyQueueEvent } from '../api/sectors';
