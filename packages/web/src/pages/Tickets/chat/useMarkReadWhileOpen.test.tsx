import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, installFetchMock } from '../../../test/fetchMock';
import { ticketFixture } from '../../../test/fixtures';
import { MARK_READ_DELAY_MS, useMarkReadWhileOpen } from './useMarkReadWhileOpen';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = {
  'GET /api/messages/7': () =>
    json(200, { messages: [], ticket: ticketFixture({ id: 7 }), count: 0, hasMore: false, tickets: [], nextCursor: null }),
};

describe('useMarkReadWhileOpen', () => {
  it('a message arriving on the ticket on screen is read, once per burst', async () => {
    const { callsTo } = installFetchMock(routes);
    const view = renderHook((t: { id: number; unreadMessages: number }) => useMarkReadWhileOpen(t), {
      initialProps: { id: 7, unreadMessages: 0 },
    });
    await vi.advanceTimersByTimeAsync(MARK_READ_DELAY_MS);
    expect(callsTo('GET /api/messages/7')).toHaveLength(0);

    view.rerender({ id: 7, unreadMessages: 1 });
    view.rerender({ id: 7, unreadMessages: 2 });
    await vi.advanceTimersByTimeAsync(MARK_READ_DELAY_MS);
    expect(callsTo('GET /api/messages/7')).toHaveLength(1);
  });

  it('waits until the page is visible again', async () => {
    const { callsTo } = installFetchMock(routes);
    visibility = 'hidden';
    renderHook(() => useMarkReadWhileOpen({ id: 7, unreadMessages: 3 }));
    await vi.advanceTimersByTimeAsync(MARK_READ_DELAY_MS * 2);
    expect(callsTo('GET /api/messages/7')).toHaveLength(0);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(MARK_READ_DELAY_MS);
    expect(callsTo('GET /api/messages/7')).toHaveLength(1);
  });
});
