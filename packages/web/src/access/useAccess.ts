/**
 * The signed-in user as the shared access table (packages/shared/src/access/policy.ts) reads them,
 * so a screen asks the same rule the server refuses with rather than deciding on its own. Records
 * the server presents carry their `allowedActions`; these are for screen-wide tools (import, export,
 * delete all) and for copies that came by a realtime event.
 */
import {
  allowed,
  contactActions,
  type AccessActor,
  type ContactAction,
  type ContactDTO,
  type RecordlessAction,
  type UserDTO,
} from '@switchboard/shared';
import { useMemo } from 'react';
import { useAuth } from '../auth/AuthProvider';
import { settingValue, useSettings } from '../api/settings';

export function accessActorOf(user: UserDTO | null): AccessActor {
  return {
    id: user?.id ?? 0,
    profile: user?.profile ?? 'user',
    queueIds: (user?.queues ?? []).map((q) => q.id),
    allTicket: user?.allTicket === 'enabled',
  };
}

/** Whether the signed-in user may take an action the role alone decides. */
export function useAllowed(action: RecordlessAction): boolean {
  const { user } = useAuth();
  return useMemo(() => allowed(accessActorOf(user), action), [user, action]);
}

/** The contact actions the server presented; for an event's copy, the same table's answer. */
export function useContactActions(): (contact: ContactDTO) => ReadonlySet<ContactAction> {
  const { user } = useAuth();
  const settings = useSettings(user != null);
  const sectorlessForAll = settingValue(settings.data, 'allTicket') === 'enabled';
  return useMemo(() => {
    const actor = accessActorOf(user);
    return (contact: ContactDTO) =>
      new Set(contact.allowedActions ?? contactActions(actor, { tickets: contact.tickets, sectorlessForAll }));
  }, [user, sectorlessForAll]);
}
