import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import type { TicketDTO } from '@switchboard/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { installFetchMock, json } from '../../../test/fetchMock';
import { messageFixture, userFixture } from '../../../test/fixtures';
import { renderWithProviders, screen, signIn, WhenSignedIn } from '../../../test/renderWithProviders';
import { ServiceWindowBar } from './ServiceWindowBar';

const ticket = { id: 7, status: 'open', updatedAt: '2026-01-01T10:00:00.000Z' } as TicketDTO;
const template = { name: 'order_update', language: 'en_US', category: 'UTILITY', body: 'Hello {{1}}, order {{2}} shipped.', variables: 2 };

function setup(window: object) {
  const mock = installFetchMock({
    ...signIn(userFixture({ id: 3, name: 'Ana' })),
    'GET /api/tickets/7/service-window': () => json(200, window),
    'GET /api/tickets/7/templates': () => json(200, [template]),
    'POST /api/tickets/7/templates': () =>
      json(201, messageFixture({ id: 'm9', ticketId: 7, body: 'Hello Ana, order #1 shipped.', fromMe: true, ack: 0 })),
  });
  renderWithProviders(
    <WhenSignedIn>
      <ServiceWindowBar ticket={ticket} />
    </WhenSignedIn>,
  );
  return mock;
}

describe('ServiceWindowBar (WhatsApp Cloud API 24-hour window)', () => {
  afterEach(cleanup);

  it('shows nothing on channels without a window, and until when it is open', async () => {
    setup({ applies: true, open: true, closesAt: '2026-01-02T10:00:00.000Z' });
    expect((await screen.findByTestId('service-window')).getAttribute('data-open')).toBe('true');
    cleanup();
    const { callsTo } = setup({ applies: false, open: true, closesAt: null });
    await waitFor(() => expect(callsTo('GET /api/tickets/7/service-window')).toHaveLength(1));
    expect(screen.queryByTestId('service-window')).toBeNull();
  });

  it('when closed, picks an approved template, fills its variables with a preview and sends it', async () => {
    const { callsTo } = setup({ applies: true, open: false, closesAt: null });
    fireEvent.click(await screen.findByTestId('template-open'));
    const select = await screen.findByTestId('template-select');
    fireEvent.change(select, { target: { value: 'order_update|en_US' } });
    fireEvent.change(await screen.findByTestId('template-variable-1'), { target: { value: 'Ana' } });
    expect(screen.getByTestId<HTMLButtonElement>('template-send').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('template-variable-2'), { target: { value: '#1' } });
    expect(screen.getByTestId('template-preview').textContent).toBe('Hello Ana, order #1 shipped.');
    fireEvent.click(screen.getByTestId('template-send'));
    await waitFor(() => expect(callsTo('POST /api/tickets/7/templates')).toHaveLength(1));
    expect(callsTo('POST /api/tickets/7/templates')[0].body).toMatchObject({
      name: 'order_update',
      language: 'en_US',
      variables: ['Ana', '#1'],
    });
  });
});
