import { isAdmin, type UserDTO } from '@switchboard/shared';
import { useMemo } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import type { TicketViewerFacts } from '../../api/ticketListCache';

/** The signed-in user's facts the tickets screen decides with (sectors, admin, view flags). */
export function useViewer() {
  const { user } = useAuth();
  return useMemo(() => viewerOf(user), [user]);
}

export const flagOn = (value: string | undefined) => value === 'enabled';

export function viewerOf(user: UserDTO | null) {
  const facts: TicketViewerFacts = { id: user?.id ?? 0, queueIds: (user?.queues ?? []).map((q) => q.id) };
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
