import { describe, expect, it } from 'vitest';
import { NAMED_PERMISSIONS, can, isAdmin, type TicketViewer } from './permissions.js';
import { canSeeTicket, ticketInScope, ticketScope } from './visibility.js';

describe('isAdmin', () => {
  it('compares the profile case-insensitively', () => {
    expect(isAdmin({ profile: 'admin' })).toBe(true);
    expect(isAdmin({ profile: 'ADMIN' })).toBe(true);
    expect(isAdmin({ profile: 'Admin' })).toBe(true);
  });

  it('is false for anything else', () => {
    expect(isAdmin({ profile: 'user' })).toBe(false);
    expect(isAdmin({ profile: 'administrator' })).toBe(false);
    expect(isAdmin({ profile: ' admin' })).toBe(false);
    expect(isAdmin({ profile: '' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    expect(isAdmin({ profile: undefined as unknown as string })).toBe(false);
  });
});

describe('can (named permissions of spec §6)', () => {
  it('grants every named permission to admins only', () => {
    for (const p of NAMED_PERMISSIONS) {
      expect(can({ profile: 'admin' }, p)).toBe(true);
      expect(can({ profile: 'Admin' }, p)).toBe(true);
      expect(can({ profile: 'user' }, p)).toBe(false);
      expect(can(null, p)).toBe(false);
    }
  });

  it('refuses a permission that does not exist, even to admins', () => {
    expect(can({ profile: 'admin' }, 'nothing:here' as never)).toBe(false);
  });
});

describe('canSeeTicket', () => {
  const user = (over: Partial<TicketViewer> = {}): TicketViewer => ({
    id: 7,
    profile: 'user',
    queueIds: [1, 2],
    allTicket: false,
    ...over,
  });
  const off = { allTicket: false };
  const on = { allTicket: true };

  it('admins see every ticket', () => {
    const admin = user({ profile: 'ADMIN', queueIds: [] });
    expect(canSeeTicket(admin, { userId: 99, queueId: 5 }, off)).toBe(true);
    expect(canSeeTicket(admin, { userId: null, queueId: null }, off)).toBe(true);
    expect(canSeeTicket(admin, { userId: null, queueId: 5 }, off)).toBe(true);
  });

  it('a user sees their own ticket, whatever its sector', () => {
    expect(canSeeTicket(user(), { userId: 7, queueId: 5 }, off)).toBe(true);
    expect(canSeeTicket(user(), { userId: 7, queueId: null }, off)).toBe(true);
  });

  it("a user does not see another attendant's ticket, even in their own sector", () => {
    expect(canSeeTicket(user(), { userId: 8, queueId: 1 }, off)).toBe(false);
    expect(canSeeTicket(user({ allTicket: true }), { userId: 8, queueId: 1 }, on)).toBe(false);
  });

  it('a user sees unassigned tickets of their sectors only', () => {
    expect(canSeeTicket(user(), { userId: null, queueId: 2 }, off)).toBe(true);
    expect(canSeeTicket(user(), { userId: null, queueId: 3 }, off)).toBe(false);
    expect(canSeeTicket(user({ queueIds: [] }), { userId: null, queueId: 1 }, off)).toBe(false);
  });

  it('tickets without sector: seen with the allTicket flag or the allTicket setting, not otherwise', () => {
    const sectorless = { userId: null, queueId: null };
    expect(canSeeTicket(user(), sectorless, off)).toBe(false);
    expect(canSeeTicket(user({ allTicket: true }), sectorless, off)).toBe(true);
    expect(canSeeTicket(user(), sectorless, on)).toBe(true);
    // Assigned to someone else and without sector: another attendant's conversation, even with allTicket.
    expect(canSeeTicket(user(), { userId: 8, queueId: null }, off)).toBe(false);
    expect(canSeeTicket(user({ allTicket: true }), { userId: 8, queueId: null }, on)).toBe(false);
  });
});

describe('ticketScope (the tickets list without show-all)', () => {
  const admin: TicketViewer = { id: 1, profile: 'admin', queueIds: [], allTicket: false };
  const off = { allTicket: false };

  it('an admin without sectors still sees unassigned tickets of every sector (spec §4)', () => {
    const list = ticketScope(admin, off, { showAll: false });
    expect(ticketInScope(list, { userId: null, queueId: 2 })).toBe(true);
    expect(ticketInScope(list, { userId: null, queueId: null })).toBe(true);
    expect(ticketInScope(list, { userId: 1, queueId: 2 })).toBe(true);
  });

  it("leaves other attendants' tickets to show-all", () => {
    expect(ticketInScope(ticketScope(admin, off, { showAll: false }), { userId: 5, queueId: 2 })).toBe(false);
    expect(ticketInScope(ticketScope(admin, off, { showAll: true }), { userId: 5, queueId: 2 })).toBe(true);
  });

  it('show-all gives attendants nothing more', () => {
    const user: TicketViewer = { id: 7, profile: 'user', queueIds: [1], allTicket: true };
    expect(ticketScope(user, off, { showAll: true })).toEqual(ticketScope(user, off, { showAll: false }));
  });
});
