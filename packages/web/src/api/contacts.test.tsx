import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, installFetchMock } from '../test/fetchMock';
import { contactFixture } from '../test/fixtures';
import { useContactsInfinite } from './contacts';
import { createQueryClient } from './queryClient';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useContactsInfinite', () => {
  it('asks for the next page with the previous page’s cursor and keeps a capped count as a lower bound', async () => {
    const pages: Record<string, unknown> = {
      first: {
        contacts: [contactFixture({ id: 1, name: 'Ana' })],
        hasMore: true,
        count: 10_000,
        countCapped: true,
        nextCursor: 'after-ana',
      },
      'after-ana': {
        contacts: [contactFixture({ id: 2, name: 'Bia' })],
        hasMore: false,
        count: 10_000,
        countCapped: true,
        nextCursor: null,
      },
    };
    const urlOf = (input: unknown) => new URL(input instanceof Request ? input.url : (input as string | URL), 'http://localhost');
    const { fetchMock } = installFetchMock({
      'GET /api/contacts': () => json(200, pages[urlOf(fetchMock.mock.calls.at(-1)?.[0]).searchParams.get('cursor') ?? 'first']),
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const list = renderHook(() => useContactsInfinite('a'), { wrapper });
    await waitFor(() => expect(list.result.current.data?.pages).toHaveLength(1));
    expect(list.result.current.hasNextPage).toBe(true);
    await act(() => list.result.current.fetchNextPage());
    await waitFor(() => expect(list.result.current.data?.pages).toHaveLength(2));

    const urls = fetchMock.mock.calls.map(([u]) => urlOf(u).searchParams);
    expect(urls.map((q) => q.get('cursor'))).toEqual([null, 'after-ana']);
    // Keyset paging only: no page numbers are sent.
    expect(urls.every((q) => !q.has('pageNumber'))).toBe(true);
    expect(list.result.current.data?.pages.flatMap((p) => p.contacts.map((c) => c.id))).toEqual([1, 2]);
    expect(list.result.current.hasNextPage).toBe(false);
    expect(list.result.current.data?.pages[0]).toMatchObject({ count: 10_000, countCapped: true });
  });
});
