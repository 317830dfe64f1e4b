import { describe, expect, it } from 'vitest';
import { POLICIES, refusalOf, ticketActions, type AccessAction, type AccessActor, type TicketFacts } from './index.js';

const admin: AccessActor = { id: 1, profile: 'ADMIN', queueIds: [], allTicket: false };
const ana: AccessActor = { id: 2, profile: 'user', queueIds: [10], allTicket: false };
const ticket = (over: Partial<TicketFacts>): TicketFacts => ({
  userId: null,
  queueId: 10,
  status: 'pending',
  sectorlessForAll: false,
  ...over,
});

describe('access policy', () => {
  it('every admin-only rule refuses any other user with ERR_NO_PERMISSION and allows admins (any case)', () => {
    const adminOnly = (Object.keys(POLICIES) as AccessAction[]).filter((a) => POLICIES[a].who === 'admin');
    expect(adminOnly.length).toBeGreaterThan(15);
    for (const action of adminOnly) {
      const check = POLICIES[action].check as (actor: AccessActor) => unknown;
      expect(check(ana), action).toEqual({ code: 'ERR_NO_PERMISSION', status: 403 });
      expect(check(admin), action).toBeNull();
    }
  });

  it('campaigns: admins, and users granted the campaigns flag; anyone else is refused', () => {
    expect(POLICIES['campaign.manage'].who).toBe('permission');
    expect(refusalOf(ana, 'campaign.manage', { campaigns: false })).toEqual({ code: 'ERR_NO_PERMISSION', status: 403 });
    expect(refusalOf(ana, 'campaign.manage', { campaigns: true })).toBeNull();
    expect(refusalOf(admin, 'campaign.manage', { campaigns: false })).toBeNull();
  });

  it('a colleague only mentioned on a ticket reads it and adds notes, and is offered nothing else', () => {
    const elsewhere = ticket({ queueId: 99, status: 'open', userId: 7, mentioned: true });
    expect(ticketActions(ana, elsewhere)).toEqual(['read', 'note']);
    expect(refusalOf(ana, 'ticket.resolve', elsewhere)).toEqual({ code: 'ERR_NO_TICKET_FOUND', status: 404 });
    expect(refusalOf(ana, 'ticket.return', elsewhere)).toEqual({ code: 'ERR_NO_TICKET_FOUND', status: 404 });
    // Without the mention the ticket does not exist for her.
    expect(ticketActions(ana, { ...elsewhere, mentioned: false })).toEqual([]);
  });

  it('offers the actions of the ticket’s status to who may act on it', () => {
    // Pending: accept, not resolve (spec §4: resolve is open → closed); finish still closes it.
    expect(ticketActions(ana, ticket({}))).toEqual(['read', 'note', 'reply', 'accept', 'transfer', 'finish']);
    expect(refusalOf(ana, 'ticket.resolve', ticket({}))).toMatchObject({ code: 'ERR_VALIDATION', status: 409 });
    expect(ticketActions(ana, ticket({ status: 'open', userId: 2 }))).toEqual([
      'read',
      'note',
      'reply',
      'return',
      'transfer',
      'resolve',
      'finish',
    ]);
    expect(ticketActions(ana, ticket({ status: 'closed', userId: 2 }))).toEqual(['read', 'note', 'reply', 'reopen']);
    // An admin returns anyone's ticket, deletes and moves it to another connection.
    expect(ticketActions(admin, ticket({ status: 'open', userId: 2 }))).toEqual([
      'read',
      'note',
      'reply',
      'return',
      'transfer',
      'resolve',
      'finish',
      'delete',
      'changeConnection',
    ]);
  });

  it('refuses by visibility first (404), then by status (409), then by right (403)', () => {
    expect(refusalOf(ana, 'ticket.accept', ticket({ queueId: 99 }))?.status).toBe(404);
    expect(refusalOf(ana, 'ticket.accept', ticket({ status: 'open', userId: 2 }))).toMatchObject({ code: 'ERR_VALIDATION', status: 409 });
    expect(refusalOf(ana, 'ticket.return', ticket({ status: 'open', userId: 2 }))).toBeNull();
    expect(refusalOf(ana, 'ticket.assignOther', { userId: 3 })).toEqual({ code: 'ERR_NO_PERMISSION', status: 403 });
    expect(refusalOf(ana, 'sector.pick', { id: 99 })?.status).toBe(403);
    expect(refusalOf(ana, 'sector.pick', { id: 10 })).toBeNull();
  });

  it('users edit their own profile, not their rights nor anyone else', () => {
    expect(refusalOf(ana, 'user.update', { id: 2, changesRights: false })).toBeNull();
    expect(refusalOf(ana, 'user.update', { id: 2, changesRights: true })?.status).toBe(403);
    expect(refusalOf(ana, 'user.update', { id: 3, changesRights: false })?.status).toBe(403);
    expect(refusalOf(admin, 'user.update', { id: 3, changesRights: true })).toBeNull();
  });
});
