/**
 * The signed-in user as the shared access table (packages/shared/src/access/policy.ts) reads them,
 * so a screen asks the same rule the server refuses with rather than deciding on its own. Records
 * the server presents carry their `allowedActions`; these are for screen-wide tools (import, export,
 * delete all) and for copies that came by a realtime event.
 */
import { allowed, contactActions, type ContactAction, type ContactDTO, type RecordlessAction } from '@switchboard/shared';
import { useMemo } from 'react';
import { accessActorOf } from './actor';
import { useAuth } from '../auth/AuthProvider';
import { settingValue, useSettings } from '../api/settings';

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

export { accessActorOf };
