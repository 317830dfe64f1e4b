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
    const ticket = ticketFixture({
      id: 5,
      protocol: '2026000005',
      allowedActions: ['read', 'note', 'reply', 'return', 'transfer', 'resolve', 'finish'],
    });
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
    // The server answered the ticket with what a mentioned colleague may do: read it and add notes.
    const ticket = ticketFixture({ id: 6, status: 'open', userId: 9, allowedActions: ['read', 'note'] });
    renderWithProviders(
      <WhenSignedIn>
        <ChatHeader ticket={ticket} onOpenContact={() => undefined} onSearch={() => undefined} />
      </WhenSignedIn>,
    );
    await screen.findByTestId('chat-contact');
    expect(screen.queryByTestId('ticket-resolve-6')).toBeNull();
    expect(screen.queryByTestId('ticket-return-6')).toBeNull();
    expect(screen.queryByTestId('ticket-options')).toBeNull();
  });

  it('shows exactly the actions the server allowed, whatever the status would suggest', async () => {
    installFetchMock(signIn(userFixture({ id: 1, profile: 'admin' })));
    const ticket = ticketFixture({ id: 7, status: 'open', userId: 1, allowedActions: ['read', 'note', 'reply', 'resolve'] });
    renderWithProviders(
      <WhenSignedIn>
        <ChatHeader ticket={ticket} onOpenContact={() => undefined} onSearch={() => undefined} />
      </WhenSignedIn>,
    );
    await screen.findByTestId('chat-contact');
    expect(screen.getByTestId('ticket-resolve-7')).toBeTruthy();
    expect(screen.queryByTestId('ticket-return-7')).toBeNull();
  });
});
