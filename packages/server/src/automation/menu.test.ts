import { defaultWeekHours } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { decideAutoReply, menuText, parseChoice, type MenuConnection, type MenuInput, type MenuSector } from './menu.js';

const TZ = 'America/Sao_Paulo';
const MON_10 = new Date('2025-03-10T10:00:00-03:00');
const MON_20 = new Date('2025-03-10T20:00:00-03:00');

const sector = (id: number, name: string, extra: Partial<MenuSector> = {}): MenuSector => ({
  id,
  name,
  greetingMessage: `Welcome to ${name}`,
  absenceMessage: `${name} is closed`,
  startWork: '08:00',
  endWork: '18:00',
  ...extra,
});
const SALES = sector(1, 'Sales');
const BILLING = sector(2, 'Billing');
const NIGHT = sector(3, 'Night desk', { startWork: '22:00', endWork: '06:00' });

const connection = (extra: Partial<MenuConnection> = {}): MenuConnection => ({
  greetingMessage: '{{ms}}! Choose:',
  outOfWorkMessage: 'We are closed',
  isDisplay: false,
  defineWorkHours: false,
  workHours: defaultWeekHours(),
  holidays: [],
  ...extra,
});

const input = (over: Omit<Partial<MenuInput>, 'ticket'> & { ticket?: Partial<MenuInput['ticket']> }): MenuInput => ({
  connection: connection(),
  sectors: [SALES, BILLING],
  text: 'hello',
  now: MON_10,
  timeZone: TZ,
  ...over,
  ticket: { queueId: null, chatbot: false, outOfHoursNoticeAt: null, ...over.ticket },
});

describe('the menu text', () => {
  it('is the greeting followed by sectors ordered by name', () => {
    expect(menuText(connection(), [SALES, BILLING])).toBe('{{ms}}! Choose:\n\n*1* - Billing\n*2* - Sales');
  });
  it('lists the sectors the admin positioned first, in their order, the others after by name; the number picks the same', () => {
    const sales = sector(1, 'Sales', { orderQueue: 1 });
    const support = sector(4, 'Support', { orderQueue: 2 });
    expect(menuText(connection(), [BILLING, support, NIGHT, sales])).toBe(
      '{{ms}}! Choose:\n\n*1* - Sales\n*2* - Support\n*3* - Billing\n*4* - Night desk',
    );
    expect(parseChoice('1', [BILLING, support, NIGHT, sales])?.name).toBe('Sales');
    expect(parseChoice('3', [BILLING, support, NIGHT, sales])?.name).toBe('Billing');
  });
  it('shows the sectors’ hours with isDisplay', () => {
    expect(menuText(connection({ isDisplay: true }), [SALES, NIGHT])).toBe(
      '{{ms}}! Choose:\n\n*1* - Night desk (22:00 - 06:00)\n*2* - Sales (08:00 - 18:00)',
    );
  });
  it('numbers pick sectors in that order; anything else is no choice', () => {
    expect(parseChoice(' 1 ', [SALES, BILLING])?.name).toBe('Billing');
    expect(parseChoice('2', [SALES, BILLING])?.name).toBe('Sales');
    for (const t of ['0', '3', 'one', '1.', '', '#', '1 2']) expect(parseChoice(t, [SALES, BILLING]), t).toBeNull();
  });
});

describe('automatic reply decisions', () => {
  it('several sectors: the first message gets the menu and the ticket waits for a choice', () => {
    expect(decideAutoReply(input({}))).toEqual({ texts: [menuText(connection(), [SALES, BILLING])], chatbot: true });
  });

  it('a valid choice assigns the sector with its greeting', () => {
    expect(decideAutoReply(input({ text: '2', ticket: { chatbot: true } }))).toEqual({
      texts: ['Welcome to Sales'],
      queueId: 1,
      chatbot: false,
    });
  });

  it('an invalid answer repeats the menu', () => {
    for (const text of ['9', 'sales please', '0']) {
      expect(decideAutoReply(input({ text, ticket: { chatbot: true } }))).toEqual({
        texts: [menuText(connection(), [SALES, BILLING])],
        chatbot: true,
      });
    }
  });

  it('a number before the menu was shown is no choice yet', () => {
    expect(decideAutoReply(input({ text: '1' })).queueId).toBeUndefined();
  });

  it('a choice outside the sector’s hours sends its absence message and keeps the menu', () => {
    const d = decideAutoReply(input({ sectors: [SALES, NIGHT], text: '1', ticket: { chatbot: true } }));
    expect(d).toEqual({ texts: ['Night desk is closed'], chatbot: true });
    const silent = decideAutoReply(input({ sectors: [SALES, { ...NIGHT, absenceMessage: '' }], text: '1', ticket: { chatbot: true } }));
    expect(silent.texts[0]).toContain('*1* - Night desk');
    expect(silent.queueId).toBeUndefined();
  });

  it('`#` on a ticket waiting in a sector returns to the menu', () => {
    expect(decideAutoReply(input({ text: ' # ', ticket: { queueId: 1 } }))).toEqual({
      texts: [menuText(connection(), [SALES, BILLING])],
      queueId: null,
      chatbot: true,
    });
  });

  it('a ticket that has a sector gets nothing for other messages', () => {
    expect(decideAutoReply(input({ text: 'hi', ticket: { queueId: 1 } }))).toEqual({ texts: [] });
  });

  it('one sector: assigned at once, greeting in its hours, absence outside', () => {
    expect(decideAutoReply(input({ sectors: [SALES] }))).toEqual({ texts: ['Welcome to Sales'], queueId: 1, chatbot: false });
    expect(decideAutoReply(input({ sectors: [SALES], now: MON_20 }))).toEqual({ texts: ['Sales is closed'], queueId: 1, chatbot: false });
    expect(decideAutoReply(input({ sectors: [{ ...SALES, greetingMessage: '' }] }))).toEqual({ texts: [], queueId: 1, chatbot: false });
  });

  it('no sectors: the connection greets once', () => {
    expect(decideAutoReply(input({ sectors: [] }))).toEqual({ texts: ['{{ms}}! Choose:'], chatbot: true });
    expect(decideAutoReply(input({ sectors: [], ticket: { chatbot: true } }))).toEqual({ texts: [] });
    expect(decideAutoReply(input({ sectors: [], connection: connection({ greetingMessage: '' }) }))).toEqual({ texts: [] });
  });

  it('connection closed: the out-of-hours notice once per closed period, no menu', () => {
    const closed = connection({ defineWorkHours: true });
    expect(decideAutoReply(input({ connection: closed, now: MON_20 }))).toEqual({ texts: ['We are closed'], outOfHoursNotice: true });
    const later = new Date('2025-03-10T21:00:00-03:00');
    expect(decideAutoReply(input({ connection: closed, now: later, ticket: { outOfHoursNoticeAt: MON_20 } }))).toEqual({ texts: [] });
    // Open again: the menu as usual.
    expect(decideAutoReply(input({ connection: closed, now: MON_10, ticket: { outOfHoursNoticeAt: MON_20 } })).chatbot).toBe(true);
  });

  it('connection closed: a choice waits for the open hours', () => {
    const closed = connection({ defineWorkHours: true });
    expect(
      decideAutoReply(input({ connection: closed, now: MON_20, text: '1', ticket: { chatbot: true, outOfHoursNoticeAt: MON_20 } })),
    ).toEqual({ texts: [] });
  });
});
