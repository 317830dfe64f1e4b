import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHAT_POLL_MS } from '../../api/simulator';
import { json, installFetchMock } from '../../test/fetchMock';
import { connectionFixture, userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../test/renderWithProviders';
import { PhoneView } from './PhoneView';

const CONNECTION = '5511900000001';
const CUSTOMER = '5521988887777';
const simulator = connectionFixture({ id: 1, name: 'Sim', channel: 'simulator', status: 'CONNECTED', number: CONNECTION });
const message = (over: Record<string, unknown>) => ({
  id: 'm1',
  sender: 'connection',
  type: 'text',
  body: '',
  mediaUrl: null,
  mediaMime: null,
  mediaName: null,
  quotedId: null,
  ack: 2,
  isDeleted: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

cleanUpAfterEach();

function renderPhone(routes: Parameters<typeof installFetchMock>[0]) {
  const mock = installFetchMock({ ...signIn(userFixture()), 'GET /api/whatsapp': () => json(200, [simulator]), ...routes });
  renderWithProviders(
    <WhenSignedIn>
      <PhoneView />
    </WhenSignedIn>,
    { route: '/simulator' },
  );
  return mock;
}

describe('Simulator phone', { timeout: 20_000 }, () => {
  it('lists a customer the company wrote to first, without any action on the page', async () => {
    let companyWrote = false;
    renderPhone({
      'GET /api/simulator/customers': () =>
        json(200, companyWrote ? [{ customer: CUSTOMER, lastAt: '2026-01-01T10:00:00.000Z', count: 1 }] : []),
    });
    expect((await screen.findByTestId('simulator-customers')).textContent).toContain('No customers yet.');
    companyWrote = true;
    await waitFor(() => expect(screen.getByTestId('simulator-customers').textContent).toContain(`+${CUSTOMER} (1)`), {
      timeout: CHAT_POLL_MS * 3,
    });
  });

  it('shows *bold* and ~strike~ as formatting, not as raw markers', async () => {
    renderPhone({
      'GET /api/simulator/customers': () => json(200, []),
      [`GET /api/simulator/chats/${CUSTOMER}`]: () => json(200, [message({ body: '*1* - Billing ~old~' })]),
    });
    fireEvent.change(await screen.findByTestId('simulator-customer-number'), { target: { value: CUSTOMER } });
    const bubble = await screen.findByText('1', { selector: 'strong' });
    expect(bubble.closest('[data-testid="simulator-messages"]')?.textContent).toMatch(/^1 - Billing old/);
    expect(screen.getByTestId('simulator-messages').textContent).not.toContain('*');
    expect(screen.getByText('old', { selector: 's, del' })).toBeTruthy();
  });

  it('writes in a group as a member: the group id goes with the message and the group chat is shown', async () => {
    const GROUP = '120363000000001';
    const mock = renderPhone({
      'GET /api/simulator/customers': () => json(200, []),
      [`GET /api/simulator/chats/${GROUP}`]: () => json(200, [message({ sender: 'customer', body: 'hello group' })]),
      'POST /api/simulator/messages': () => json(201, { id: 'm2', delivered: true }),
    });
    fireEvent.change(await screen.findByTestId('simulator-customer-number'), { target: { value: CUSTOMER } });
    fireEvent.change(screen.getByTestId('simulator-group'), { target: { value: GROUP } });
    expect(await screen.findByText('hello group')).toBeTruthy();
    fireEvent.change(screen.getByTestId('simulator-text'), { target: { value: 'hi all' } });
    fireEvent.keyDown(screen.getByTestId('simulator-text'), { key: 'Enter' });
    await waitFor(() => expect(mock.callsTo('POST /api/simulator/messages')).toHaveLength(1));
    expect(mock.callsTo('POST /api/simulator/messages')[0].body).toMatchObject({
      from: CUSTOMER,
      to: CONNECTION,
      body: 'hi all',
      group: GROUP,
    });
  });

  it('offers a voice note while nothing is typed', async () => {
    renderPhone({ 'GET /api/simulator/customers': () => json(200, []), [`GET /api/simulator/chats/${CUSTOMER}`]: () => json(200, []) });
    fireEvent.change(await screen.findByTestId('simulator-customer-number'), { target: { value: CUSTOMER } });
    expect((await screen.findByTestId('simulator-voice')).getAttribute('aria-label')).toBe('Record a voice note');
    fireEvent.change(screen.getByTestId('simulator-text'), { target: { value: 'x' } });
    expect(screen.queryByTestId('simulator-voice')).toBeNull();
    expect(screen.getByTestId('simulator-send')).toBeTruthy();
  });
});
