import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock } from '../../../test/fetchMock';
import { ticketFixture, userFixture } from '../../../test/fixtures';
import { renderWithProviders, screen, signIn, WhenSignedIn } from '../../../test/renderWithProviders';
import { ChatHeader } from './ChatHeader';

describe('ChatHeader', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the ticket by its protocol, the number the dividers and the customer know', async () => {
    installFetchMock(signIn(userFixture({ id: 1, profile: 'admin' })));
    const ticket = ticketFixture({ id: 5, protocol: '2026000005' });
    renderWithProviders(
      <WhenSignedIn>
        <ChatHeader ticket={ticket} onOpenContact={() => undefined} onSearch={() => undefined} />
      </WhenSignedIn>,
    );
    const contact = await screen.findByTestId('chat-contact');
    expect(contact.textContent).toContain('#2026000005');
    expect(contact.textContent).not.toContain('#5');
    // Someone who answers the ticket has its actions.
    expect(screen.getByTestId('ticket-resolve-5')).toBeTruthy();
  });

  it('offers a colleague who may only read the ticket (mentioned on it) none of the actions the server would refuse', async () => {
    installFetchMock(signIn(userFixture({ id: 2, profile: 'user' })));
    const ticket = ticketFixture({ id: 6, status: 'open', userId: 9 });
    renderWithProviders(
      <WhenSignedIn>
        <ChatHeader ticket={ticket} canAct={false} onOpenContact={() => undefined} onSearch={() => undefined} />
      </WhenSignedIn>,
    );
    await screen.findByTestId('chat-contact');
    expect(screen.queryByTestId('ticket-resolve-6')).toBeNull();
    expect(screen.queryByTestId('ticket-return-6')).toBeNull();
  });
});
