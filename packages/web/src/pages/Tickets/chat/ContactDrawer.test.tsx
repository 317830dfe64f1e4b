import type { ContactPanelDTO } from '@switchboard/shared';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { installFetchMock, json } from '../../../test/fetchMock';
import { contactFixture, ticketFixture, userFixture } from '../../../test/fixtures';
import { renderWithProviders, screen, signIn, WhenSignedIn } from '../../../test/renderWithProviders';
import { ContactDrawer } from './ContactDrawer';

const PANEL: ContactPanelDTO = {
  contactId: 3,
  tickets: [
    {
      id: 12,
      protocol: '2026000012',
      status: 'open',
      outcome: null,
      createdAt: '2026-03-02T10:00:00Z',
      updatedAt: '2026-03-02T10:00:00Z',
      user: { id: 1, name: 'Bruno' },
      queue: { id: 1, name: 'Sales' },
      connection: { id: 1, name: 'Main' },
      rate: null,
    },
    {
      id: 7,
      protocol: '2026000007',
      status: 'closed',
      outcome: 'inactive',
      createdAt: '2026-01-05T10:00:00Z',
      updatedAt: '2026-01-05T12:00:00Z',
      user: { id: 2, name: 'Ana' },
      queue: null,
      connection: { id: 1, name: 'Main' },
      rate: 9,
    },
  ],
  ratings: [{ ticketId: 7, rate: 9, at: '2026-01-05T12:01:00Z', user: { id: 2, name: 'Ana' } }],
  notesCount: 4,
  channels: [
    { id: 1, name: 'Main', channel: 'whatsapp', status: 'CONNECTED' },
    { id: 2, name: 'Site', channel: 'webchat', status: 'CONNECTED' },
  ],
};

describe('ContactDrawer: what the desk knows of the person', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Closed for inactivity · Ana · ★ 9/10', 'Notes: 4', 'Site · Web chat'],
    ['pt', 'Encerrado por inatividade · Ana · ★ 9/10', 'Notas: 4', 'Site · Chat do site'],
    ['es', 'Cerrada por inactividad · Ana · ★ 9/10', 'Notas: 4', 'Site · Chat web'],
  ])('lists earlier tickets with their outcome, ratings, notes and channels (%s)', async (language, outcome, notes, channel) => {
    await i18n.changeLanguage(language);
    const ticket = ticketFixture({ id: 12, contactId: 3 });
    installFetchMock({
      ...signIn(userFixture({ id: 1, profile: 'user' })),
      'GET /api/contacts/3': () => json(200, contactFixture({ id: 3 })),
      'GET /api/tickets/12/contact-panel': () => json(200, PANEL),
    });
    renderWithProviders(
      <WhenSignedIn>
        <ContactDrawer ticket={ticket} open onClose={() => undefined} />
      </WhenSignedIn>,
    );
    const earlier = await screen.findByTestId('panel-ticket-7', {}, { timeout: 10_000 });
    expect(earlier.textContent).toContain('#2026000007');
    expect(earlier.textContent).toContain(outcome);
    // The earlier ticket opens in the chat; the current one is not a link to itself.
    expect(earlier.querySelector('a')?.getAttribute('href')).toBe('/tickets/7');
    expect(screen.getByTestId('panel-ticket-12').querySelector('a')).toBeNull();
    expect(screen.getByTestId('panel-notes-count').textContent).toBe(notes);
    expect(screen.getAllByTestId('panel-channel').map((c) => c.textContent)).toContain(channel);
    expect(screen.getAllByTestId('panel-rating')).toHaveLength(1);
  });
});
