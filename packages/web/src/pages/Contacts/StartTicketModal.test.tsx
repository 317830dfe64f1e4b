import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactDTO } from '@switchboard/shared';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { json, installFetchMock } from '../../test/fetchMock';
import { ticketFixture, userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../test/renderWithProviders';
import { StartTicketModal } from './StartTicketModal';

const contact = { id: 12, name: 'Maria' } as ContactDTO;

function renderModal() {
  const onClose = vi.fn();
  renderWithProviders(
    <WhenSignedIn>
      <Routes>
        <Route path="/contacts" element={<StartTicketModal contact={contact} onClose={onClose} />} />
        <Route path="/tickets/:id" element={<div data-testid="ticket-screen" />} />
      </Routes>
    </WhenSignedIn>,
    { route: '/contacts' },
  );
  return { onClose };
}

cleanUpAfterEach();

describe('StartTicketModal (spec §5: sector required unless admin)', () => {
  it('tells an attendant to select a sector and sends nothing without one', async () => {
    const user = userEvent.setup();
    const attendant = userFixture({
      id: 3,
      profile: 'user',
      queues: [
        { id: 1, name: 'Sales', color: 'red' },
        { id: 2, name: 'Support', color: 'blue' },
      ],
    });
    const { callsTo } = installFetchMock(signIn(attendant));
    renderModal();
    await user.click(await screen.findByTestId('start-ticket-submit'));
    expect(await screen.findByText('Select a sector')).toBeTruthy();
    expect(callsTo('POST /api/tickets')).toHaveLength(0);
  });

  it('opens the new ticket after creating it in the chosen sector', async () => {
    const user = userEvent.setup();
    const attendant = userFixture({
      id: 3,
      profile: 'user',
      queues: [
        { id: 1, name: 'Sales', color: 'red' },
        { id: 2, name: 'Support', color: 'blue' },
      ],
    });
    const { callsTo } = installFetchMock({ ...signIn(attendant), 'POST /api/tickets': () => json(201, ticketFixture({ id: 77 })) });
    renderModal();
    await user.click(await screen.findByTestId('start-ticket-queue'));
    await user.click(await screen.findByTestId('start-ticket-queue-2'));
    await user.click(screen.getByTestId('start-ticket-submit'));
    await screen.findByTestId('ticket-screen');
    expect(callsTo('POST /api/tickets')[0].body).toEqual({ contactId: 12, queueId: 2, userId: 3, status: 'open' });
  });

  it('lets an admin start without a sector, and shows ERR_OTHER_OPEN_TICKET translated', async () => {
    const user = userEvent.setup();
    const admin = userFixture({ id: 1, profile: 'admin' });
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/queue': () => json(200, []),
      'POST /api/tickets': () => json(409, { error: 'ERR_OTHER_OPEN_TICKET' }),
    });
    const { onClose } = renderModal();
    await user.click(await screen.findByTestId('start-ticket-submit'));
    expect(await screen.findByText('There is already an open ticket for this contact.')).toBeTruthy();
    await waitFor(() => expect(callsTo('POST /api/tickets')).toHaveLength(1));
    expect(callsTo('POST /api/tickets')[0].body).toEqual({ contactId: 12, userId: 1, status: 'open' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
