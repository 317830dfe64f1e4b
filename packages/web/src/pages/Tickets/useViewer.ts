import { allowed, type UserDTO } from '@switchboard/shared';
import { accessActorOf } from '../../access/actor';
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
  const actor = accessActorOf(user);
  return {
    user,
    facts,
    /** The list's "show all" switch (colleagues' tickets too). */
    mayShowAll: allowed(actor, 'ticket.showAll'),
    /** Starting or accepting a ticket in any sector, not only one's own. */
    pickAnySector: allowed(actor, 'sector.pickAny'),
    sectors: user?.queues ?? [],
    /** Badge visibility (spec §6): viewName is an admin-only badge. */
    show: {
      connection: flagOn(user?.viewConection),
      sector: flagOn(user?.viewSector),
      attendant: flagOn(user?.viewName) && allowed(actor, 'ticket.attendantBadge'),
      tags: flagOn(user?.viewTags),
    },
    canRemoveTags: flagOn(user?.isRemoveTags),
  };
}
