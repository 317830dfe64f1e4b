import { describe, expect, it } from 'vitest';
import { callRejectedText, shouldRejectCall } from './calls.js';
import { directTo, directingSeconds } from './directing.js';
import { inactiveNotice, inactivityCutoff, isInactive } from './inactivity.js';
import { classifyRatingReply, parseRating, ratingDeadline, replyOnResolve } from './rating.js';
import { transferTexts } from './transfer.js';

const NOW = new Date('2025-03-10T10:00:00-03:00');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe('rating', () => {
  const conn = { ratingMessage: 'Rate us 0-10', farewellMessage: 'Bye {{name}}' };

  it('resolve asks for the rating; groups and connections without rating message get the farewell', () => {
    expect(replyOnResolve(conn, { isGroup: false })).toEqual({ kind: 'rating', text: 'Rate us 0-10' });
    expect(replyOnResolve(conn, { isGroup: true })).toEqual({ kind: 'farewell', text: 'Bye {{name}}' });
    expect(replyOnResolve({ ...conn, ratingMessage: ' ' }, { isGroup: false })).toEqual({ kind: 'farewell', text: 'Bye {{name}}' });
    expect(replyOnResolve({ ratingMessage: '', farewellMessage: '' }, { isGroup: false })).toEqual({ kind: 'none' });
  });

  it('a rating is a whole number 0–10, spaces trimmed', () => {
    expect(parseRating('0')).toBe(0);
    expect(parseRating('10')).toBe(10);
    expect(parseRating(' 9 ')).toBe(9);
    for (const t of ['11', '-1', '9.5', '9,5', 'nine', '9!', '', '100', '1 0']) expect(parseRating(t), t).toBeNull();
  });

  it('the window is the ratingWindow setting (default 10 minutes); its deadline itself is late', () => {
    expect(ratingDeadline(NOW, 10)).toEqual(minutes(10));
    expect(ratingDeadline(NOW, NaN)).toEqual(minutes(10));
    const deadline = ratingDeadline(NOW, 5);
    expect(classifyRatingReply('9', deadline, minutes(4))).toEqual({ kind: 'rated', rate: 9 });
    expect(classifyRatingReply('10', deadline, minutes(4))).toEqual({ kind: 'rated', rate: 10 });
    expect(classifyRatingReply('0', deadline, minutes(4))).toEqual({ kind: 'rated', rate: 0 });
    expect(classifyRatingReply('9', deadline, minutes(5))).toEqual({ kind: 'late' });
    expect(classifyRatingReply('thanks!', deadline, minutes(1))).toEqual({ kind: 'not-a-rating' });
    expect(classifyRatingReply('11', deadline, minutes(1))).toEqual({ kind: 'not-a-rating' });
  });
});

describe('inactivity', () => {
  const conn = { timeInactiveMessage: 0.25, sendInactiveMessage: true, inactiveMessage: 'Closing for inactivity' };
  const ticket = (lastAt: Date, extra = {}) => ({ status: 'open', lastMessageFromMe: true, lastMessageAt: lastAt, ...extra });

  it('0 hours is off', () => {
    expect(inactivityCutoff(NOW, 0)).toBeNull();
    expect(isInactive(ticket(minutes(-10_000)), { ...conn, timeInactiveMessage: 0 }, NOW)).toBe(false);
  });

  it('an open ticket waiting on the customer for the configured hours is inactive', () => {
    expect(isInactive(ticket(minutes(-15)), conn, NOW)).toBe(true);
    expect(isInactive(ticket(minutes(-14)), conn, NOW)).toBe(false);
    expect(isInactive(ticket(minutes(-15), { lastMessageFromMe: false }), conn, NOW)).toBe(false);
    expect(isInactive(ticket(minutes(-15), { status: 'pending' }), conn, NOW)).toBe(false);
    expect(isInactive(ticket(minutes(-15), { status: 'closed' }), conn, NOW)).toBe(false);
  });

  it('the inactive message goes only when sendInactiveMessage is on', () => {
    expect(inactiveNotice(conn)).toBe('Closing for inactivity');
    expect(inactiveNotice({ ...conn, sendInactiveMessage: false })).toBeNull();
    expect(inactiveNotice({ ...conn, inactiveMessage: '' })).toBeNull();
  });
});

describe('directing sectorless tickets', () => {
  const waiting = (since: Date, extra = {}) => ({
    status: 'pending',
    queueId: null,
    userId: null,
    isGroup: false,
    waitingSince: since,
    ...extra,
  });

  it("after timeSendQueue seconds a waiting sectorless ticket goes to the connection's default sector", () => {
    expect(directingSeconds('0')).toBe(0);
    expect(directingSeconds('300')).toBe(300);
    expect(directTo(waiting(minutes(-5)), 7, NOW, 300)).toBe(7);
    expect(directTo(waiting(minutes(-4)), 7, NOW, 300)).toBeNull();
  });

  it('never when off, without default sector, with a sector or attendant, or for groups', () => {
    expect(directTo(waiting(minutes(-60)), 7, NOW, 0)).toBeNull();
    expect(directTo(waiting(minutes(-60)), null, NOW, 300)).toBeNull();
    expect(directTo(waiting(minutes(-60), { queueId: 2 }), 7, NOW, 300)).toBeNull();
    expect(directTo(waiting(minutes(-60), { userId: 3, status: 'open' }), 7, NOW, 300)).toBeNull();
    expect(directTo(waiting(minutes(-60), { isGroup: true }), 7, NOW, 300)).toBeNull();
  });
});

describe('transfer', () => {
  const sector = {
    id: 2,
    name: 'Billing',
    greetingMessage: 'Billing here',
    absenceMessage: 'Billing is closed',
    startWork: '08:00',
    endWork: '18:00',
  };
  const conn = { transferTicketMessage: 'You are being transferred' };
  const TZ = 'America/Sao_Paulo';

  it('to another sector: the transfer message and the sector greeting (absence outside its hours)', () => {
    expect(transferTexts({ queueId: 1 }, { queueId: 2, isGroup: false }, conn, sector, NOW, TZ)).toEqual([
      'You are being transferred',
      'Billing here',
    ]);
    const night = new Date('2025-03-10T22:00:00-03:00');
    expect(transferTexts({ queueId: 1 }, { queueId: 2, isGroup: false }, conn, sector, night, TZ)).toEqual([
      'You are being transferred',
      'Billing is closed',
    ]);
    expect(transferTexts({ queueId: null }, { queueId: 2, isGroup: false }, { transferTicketMessage: '' }, sector, NOW, TZ)).toEqual([
      'Billing here',
    ]);
  });

  it('same sector, no sector, or a group: nothing', () => {
    expect(transferTexts({ queueId: 2 }, { queueId: 2, isGroup: false }, conn, sector, NOW, TZ)).toEqual([]);
    expect(transferTexts({ queueId: 2 }, { queueId: null, isGroup: false }, conn, null, NOW, TZ)).toEqual([]);
    expect(transferTexts({ queueId: 1 }, { queueId: 2, isGroup: true }, conn, sector, NOW, TZ)).toEqual([]);
  });
});

describe('calls', () => {
  it('are rejected only when the call setting is disabled, with a text in the company language', () => {
    expect(shouldRejectCall('disabled')).toBe(true);
    expect(shouldRejectCall('enabled')).toBe(false);
    expect(callRejectedText('pt')).toMatch(/mensagem de texto/);
    expect(callRejectedText('en')).toMatch(/text message/);
    expect(callRejectedText('es')).toMatch(/mensaje de texto/);
    expect(callRejectedText('')).toBe(callRejectedText('pt'));
  });
});
