import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, installFetchMock } from '../test/fetchMock';
import { queueFixture } from '../test/fixtures';
import { createQueryClient } from './queryClient';
import { useQueues } from './queues';
import { applyQueueEvent } from './sectors';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useQueues', () => {
  it('a picker opened after a sector was created elsewhere lists it, from the live list, without reading it again', async () => {
    let sectors = [queueFixture({ id: 1, name: 'Sales', color: '#2e7d32' })];
    const { callsTo } = installFetchMock({ 'GET /api/queue': () => json(200, sectors) });
    // The app's client (30 s default freshness), shared by the screens as in the app.
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

    // One screen reads the list (the dashboard's sector filter, say)…
    const first = renderHook(() => useQueues(), { wrapper });
    await waitFor(() => expect(first.result.current.data?.map((q) => q.name)).toEqual(['Sales']));
    first.unmount();

    // …a sector is created elsewhere: the server announces it to every signed-in user, and the
    // shell's socket applies it (sessionSocket.ts). The connection modal then opens and shows both.
    const billing = queueFixture({ id: 2, name: 'Billing', color: '#1565c0' });
    sectors = [...sectors, billing];
    applyQueueEvent(client, { action: 'create', queue: billing });
    const modal = renderHook(() => useQueues(true), { wrapper });
    await waitFor(() => expect(modal.result.current.data?.map((q) => q.name).sort()).toEqual(['Billing', 'Sales']));
    expect(callsTo('GET /api/queue')).toHaveLength(1);
  });
});
