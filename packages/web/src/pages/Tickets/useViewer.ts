import { isAdmin, type UserDTO } from '@switchboard/shared';
import { useMemo } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { settingValue, useSettings } from '../../api/settings';
import type { TicketViewerFacts } from '../../api/ticketListCache';

/** The signed-in user's facts the tickets screen decides with (sectors, admin, view flags). */
export function useViewer() {
  const { user } = useAuth();
  const settings = useSettings(user != null);
  const sectorlessForAll = flagOn(settingValue(settings.data, 'allTicket'));
  return useMemo(() => viewerOf(user, sectorlessForAll), [user, sectorlessForAll]);
}

export const flagOn = (value: string | undefined) => value === 'enabled';

export function viewerOf(user: UserDTO | null, sectorlessForAll = false) {
  const facts: TicketViewerFacts = {
    id: user?.id ?? 0,
    queueIds: (user?.queues ?? []).map((q) => q.id),
    profile: user?.profile ?? 'user',
    allTicket: flagOn(user?.allTicket),
    sectorlessForAll,
  };
  return {
    user,
    facts,
    admin: isAdmin(user),
    sectors: user?.queues ?? [],
    /** Badge visibility (spec §6): viewName is an admin-only badge. */
    show: {
      connection: flagOn(user?.viewConection),
      sector: flagOn(user?.viewSector),
      attendant: flagOn(user?.viewName) && isAdmin(user),
      tags: flagOn(user?.viewTags),
    },
    canRemoveTags: flagOn(user?.isRemoveTags),
  };
}
