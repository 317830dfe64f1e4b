import { describe, expect, it } from 'vitest';
import type { AppMessageEvent, TicketEvent } from './events.js';
import type { TicketViewer } from './permissions.js';
import { messageNotifies, newTicketNotifies, PUSH_TITLES, transferNotifies } from './push-notices.js';
import type { TicketEventDTO } from './responses/ticket-event.js';

const ana: TicketViewer = { id: 1, profile: 'user', queueIds: [10], allTicket: false };
const admin: TicketViewer = { id: 9, profile: 'admin', queueIds: [], allTicket: true };
const off = { allTicket: false };

const message = (ticket: { userId: number | null; queueId: number | null }, extra: Partial<AppMessageEvent> = {}, fromMe = false) =>
  ({ action: 'create', message: { fromMe }, ticket: { id: 5, status: 'pending', ...ticket }, ...extra }) as unknown as AppMessageEvent;

describe('what the bell (and Web Push) announces', () => {
  it('a customer message on a ticket of the viewer’s sector or their own, not on a colleague’s', () => {
    expect(messageNotifies(message({ userId: null, queueId: 10 }), ana, off)).toBe(true);
    expect(messageNotifies(message({ userId: 1, queueId: 20 }), ana, off)).toBe(true);
    expect(messageNotifies(message({ userId: null, queueId: 20 }), ana, off)).toBe(false);
    // Admins may see a colleague's ticket, but it is the colleague's to answer.
    expect(messageNotifies(message({ userId: 2, queueId: 10 }), admin, off)).toBe(false);
    expect(messageNotifies(message({ userId: null, queueId: null }), ana, off)).toBe(false);
    expect(messageNotifies(message({ userId: null, queueId: null }), ana, { allTicket: true })).toBe(true);
  });

  it('nothing for our own side’s messages, edits or re-announcements', () => {
    expect(messageNotifies(message({ userId: 1, queueId: 10 }, {}, true), ana, off)).toBe(false);
    expect(messageNotifies(message({ userId: 1, queueId: 10 }, { action: 'update' }), ana, off)).toBe(false);
    expect(messageNotifies(message({ userId: 1, queueId: 10 }, { again: true }), ana, off)).toBe(false);
  });

  it('a new ticket only while it waits', () => {
    const created = (status: string) =>
      ({ action: 'create', ticket: { id: 5, status, userId: null, queueId: 10 } }) as unknown as TicketEvent;
    expect(newTicketNotifies(created('pending'), ana, off)).toBe(true);
    expect(newTicketNotifies(created('open'), ana, off)).toBe(false);
    expect(newTicketNotifies(created('pending'), { ...ana, queueIds: [11] }, off)).toBe(false);
  });

  it('a transfer to the viewer by someone else, not one they made themselves', () => {
    const event = (actor: number | null, to: number, kind = 'transferred') =>
      ({ kind, actor: actor == null ? null : { id: actor, name: 'x' }, toUser: { id: to, name: 'y' } }) as unknown as TicketEventDTO;
    expect(transferNotifies(event(9, 1), ana)).toBe(true);
    expect(transferNotifies(event(null, 1, 'auto-assigned'), ana)).toBe(true);
    expect(transferNotifies(event(1, 1), ana)).toBe(false);
    expect(transferNotifies(event(9, 2), ana)).toBe(false);
    expect(transferNotifies(event(9, 1, 'accepted'), ana)).toBe(false);
  });

  it('titles in the three languages', () => {
    for (const lang of ['pt', 'en', 'es'] as const) {
      for (const kind of ['newTicket', 'newMessage', 'mention', 'transfer'] as const) {
        expect(PUSH_TITLES[lang][kind]({ contact: 'Maria', by: 'Ana' })).toContain('Maria');
      }
    }
  });
});
