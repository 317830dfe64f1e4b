import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@switchboard/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../../test/fetchMock';
import { userFixture } from '../../../test/fixtures';
import { renderWithProviders, screen, signIn, WhenSignedIn } from '../../../test/renderWithProviders';
import { ChatSearch } from './ChatSearch';

const match = (id: string, ticketId: number) => ({
  id,
  ticketId,
  body: `order ${id}`,
  fromMe: false,
  isPrivate: false,
  createdAt: '2026-01-01T10:00:00.000Z',
});

function setup(matches: ReturnType<typeof match>[]) {
  const mock = installFetchMock({
    ...signIn(userFixture({ id: 3, name: 'Ana' })),
    'GET /api/messages/7/search': () => json(200, { matches, hasMore: false }),
  });
  const onJump = vi.fn<(id: string) => void>();
  renderWithProviders(
    <WhenSignedIn>
      <ChatSearch ticketId={7} onJump={onJump} onClose={() => {}} notLoaded={false} />
    </WhenSignedIn>,
  );
  return { ...mock, onJump };
}

describe('ChatSearch', () => {
  afterEach(cleanup);

  it('jumps to the newest match, then steps to older and newer ones', async () => {
    const { onJump, callsTo } = setup([match('m3', 7), match('m2', 7), match('m1', 5)]);
    const input = await screen.findByTestId('chat-search-input');
    fireEvent.change(input, { target: { value: 'ord' } });
    await waitFor(() => expect(screen.getByTestId('chat-search-status').textContent).toBe('1 of 3'));
    expect(callsTo('GET /api/messages/7/search')).toHaveLength(1);
    expect(onJump).toHaveBeenLastCalledWith('m3');
    expect(screen.getByTestId<HTMLButtonElement>('chat-search-newer').disabled).toBe(true);

    fireEvent.click(screen.getByTestId('chat-search-older'));
    expect(onJump).toHaveBeenLastCalledWith('m2');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onJump).toHaveBeenLastCalledWith('m1');
    expect(screen.getByTestId('chat-search-status').textContent).toBe('3 of 3');
    expect(screen.getByTestId<HTMLButtonElement>('chat-search-older').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('chat-search-newer'));
    expect(onJump).toHaveBeenLastCalledWith('m2');
  });

  it('does not search below the minimum length, and says when nothing matches', async () => {
    const { onJump, callsTo } = setup([]);
    const input = await screen.findByTestId('chat-search-input');
    fireEvent.change(input, { target: { value: 'or' } });
    // Longer than the typing pause that would send it.
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 200));
    expect(callsTo('GET /api/messages/7/search')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'orders' } });
    await waitFor(() => expect(screen.getByTestId('chat-search-status').textContent).toBe('No messages found'));
    expect(onJump).not.toHaveBeenCalled();
  });
});
