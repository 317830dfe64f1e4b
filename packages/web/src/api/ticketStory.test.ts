import type { ContactPanelDTO } from '@switchboard/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './queryKeys';
import { refreshContactPanels, type PanelChange } from './ticketStory';

const at = '2026-11-01T10:00:00.000Z';
/** The panel of ticket 10, whose contact 7 also has ticket 9 (closed, resolved by user 2 in sector 3). */
const panel: ContactPanelDTO = {
  contactId: 7,
  tickets: [
    {
      id: 10,
      protocol: '10',
      status: 'open',
      outcome: null,
      createdAt: at,
      updatedAt: at,
      user: { id: 2, name: 'Ana' },
      queue: { id: 3, name: 'Sales' },
      connection: { id: 1, name: 'Line' },
      rate: null,
    },
    {
      id: 9,
      protocol: '9',
      status: 'closed',
      outcome: 'resolved',
      createdAt: at,
      updatedAt: at,
      user: { id: 2, name: 'Ana' },
      queue: { id: 3, name: 'Sales' },
      connection: { id: 1, name: 'Line' },
      rate: null,
    },
  ],
  ratings: [],
  notesCount: 0,
  channels: [{ id: 1, name: 'Line', channel: 'simulator', status: 'CONNECTED' }],
};

function staleAfter(change: PanelChange): boolean {
  const qc = new QueryClient();
  qc.setQueryData(queryKeys.contactPanel(10), panel);
  refreshContactPanels(qc, change);
  return qc.getQueryState(queryKeys.contactPanel(10))!.isInvalidated;
}

const asListed = { id: 10, status: 'open' as const, userId: 2, queueId: 3, whatsappId: 1, contact: { id: 7 } };

describe('contact panels follow the events that change them', () => {
  it('a new message on the open ticket (nothing the panel shows) leaves the panel alone', () => {
    expect(staleAfter({ ticket: asListed })).toBe(false);
  });

  it('a listed ticket that changes status, attendant, sector or connection makes it stale', () => {
    expect(staleAfter({ ticket: { ...asListed, status: 'closed' } })).toBe(true);
    expect(staleAfter({ ticket: { ...asListed, userId: 5 } })).toBe(true);
    expect(staleAfter({ ticket: { ...asListed, queueId: null } })).toBe(true);
    expect(staleAfter({ ticket: { ...asListed, whatsappId: 4 } })).toBe(true);
    expect(staleAfter({ ticket: { ...asListed, id: 9, status: 'pending', userId: null } })).toBe(true);
  });

  it("a new ticket of the same customer makes it stale; another customer's does not", () => {
    expect(staleAfter({ ticket: { ...asListed, id: 11, status: 'pending', userId: null } })).toBe(true);
    expect(staleAfter({ ticket: { ...asListed, id: 12, contact: { id: 8 } } })).toBe(false);
  });

  it('a rating, a note or a story step on a listed ticket makes it stale, one elsewhere does not', () => {
    expect(staleAfter({ ticketId: 9 })).toBe(true);
    expect(staleAfter({ ticketId: 10 })).toBe(true);
    expect(staleAfter({ ticketId: 44 })).toBe(false);
  });

  it('a listed ticket deleted or gone from sight makes it stale', () => {
    expect(staleAfter({ removedTicketId: 9 })).toBe(true);
    expect(staleAfter({ removedTicketId: 44 })).toBe(false);
  });
});
