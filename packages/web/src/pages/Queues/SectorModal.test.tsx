import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, installFetchMock } from '../../test/fetchMock';
import { queueFixture, userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, helperOf, renderSignedInModal, screen, signIn } from '../../test/renderWithProviders';
import i18n from '../../i18n';
import { SectorModal } from './SectorModal';

const admin = userFixture({ id: 1, profile: 'admin' });
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);

function renderModal() {
  return renderSignedInModal((onClose) => <SectorModal queueId={null} onClose={onClose} />);
}

cleanUpAfterEach();

describe('SectorModal (spec §2 Sectors, §5 Sector)', () => {
  it('starts at 08:00–18:00 with 10-minute time steps and the spec row counts', async () => {
    installFetchMock(signIn(admin));
    renderModal();
    await screen.findByTestId('queue-start');
    expect(input('queue-start').value).toBe('08:00');
    expect(input('queue-end').value).toBe('18:00');
    expect(input('queue-start').step).toBe('600');
    expect(input('queue-end').type).toBe('time');
    expect(input('queue-greeting').getAttribute('rows')).toBe('4');
    expect(input('queue-absence').getAttribute('rows')).toBe('2');
  });

  it.each(['pt', 'es'])('in %s the hours are typed as 24-hour text, never AM/PM', async (language) => {
    await i18n.changeLanguage(language);
    try {
      const user = userEvent.setup();
      installFetchMock(signIn(admin));
      renderModal();
      await screen.findByTestId('queue-start');
      expect(input('queue-start').type).toBe('text');
      expect(input('queue-start').value).toBe('08:00');
      await user.clear(input('queue-end'));
      await user.type(input('queue-end'), '1930');
      expect(input('queue-end').value).toBe('19:30');
      await user.clear(input('queue-start'));
      await user.type(input('queue-start'), '7:5');
      await user.tab();
      expect(input('queue-start').value).toBe('07:05');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('requires a name and a colour (Required, Too Short!)', async () => {
    const user = userEvent.setup();
    const { calls } = installFetchMock(signIn(admin));
    renderModal();
    await user.click(await screen.findByTestId('queue-modal-submit'));
    await waitFor(() => expect(helperOf('queue-name')).toBe('Required'));
    expect(helperOf('queue-color')).toBe('Required');
    await user.type(input('queue-name'), 'S');
    await user.type(input('queue-color'), 're');
    await waitFor(() => expect(helperOf('queue-name')).toBe('Too Short!'));
    expect(helperOf('queue-color')).toBe('Too Short!');
    expect(calls.filter((c) => c.path === '/api/queue')).toHaveLength(0);
  });

  it('picks a named colour from the palette and saves', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'POST /api/queue': (call) => json(201, queueFixture({ id: 5, ...(call.body as object), maxOpenPerAttendant: null, orderQueue: 2 })),
    });
    const { onClose } = renderModal();
    await user.type(await screen.findByTestId('queue-name'), 'Sales');
    await user.click(screen.getByTestId('queue-color-palette'));
    await user.click(await screen.findByTestId('palette-teal'));
    expect(input('queue-color').value).toBe('teal');
    // Second in the bot's menu.
    await user.type(input('queue-order'), '2');
    await user.click(screen.getByTestId('queue-modal-submit'));
    await waitFor(() => expect(callsTo('POST /api/queue')).toHaveLength(1));
    expect(callsTo('POST /api/queue')[0].body).toEqual({
      name: 'Sales',
      color: 'teal',
      greetingMessage: '',
      absenceMessage: '',
      startWork: '08:00',
      endWork: '18:00',
      autoAssign: false,
      maxOpenPerAttendant: '',
      orderQueue: '2',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('switches auto-assignment on with a limit per attendant, checked by the shared rule', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/queue/7': () => json(200, queueFixture({ id: 7, name: 'Sales', color: 'teal' })),
      'PUT /api/queue/7': (call) => json(200, queueFixture({ id: 7, ...(call.body as object), maxOpenPerAttendant: 3, orderQueue: null })),
    });
    const { onClose } = renderSignedInModal((close) => <SectorModal queueId={7} onClose={close} />);
    await waitFor(() => expect(input('queue-name').value).toBe('Sales'));
    // The limit only matters with auto-assignment on.
    expect(screen.queryByTestId('queue-maxOpen')).toBeNull();
    await user.click(input('queue-autoAssign'));
    await user.type(await screen.findByTestId('queue-maxOpen'), '0');
    await user.click(screen.getByTestId('queue-modal-submit'));
    await waitFor(() => expect(helperOf('queue-maxOpen')).toBe('Invalid value'));
    expect(callsTo('PUT /api/queue/7')).toHaveLength(0);
    await user.clear(input('queue-maxOpen'));
    await user.type(input('queue-maxOpen'), '3');
    await user.click(screen.getByTestId('queue-modal-submit'));
    await waitFor(() => expect(callsTo('PUT /api/queue/7')).toHaveLength(1));
    expect(callsTo('PUT /api/queue/7')[0].body).toMatchObject({ autoAssign: true, maxOpenPerAttendant: '3' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('translates ERR_QUEUE_COLOR_ALREADY_EXISTS and stays open', async () => {
    const user = userEvent.setup();
    installFetchMock({ ...signIn(admin), 'POST /api/queue': () => json(400, { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' }) });
    const { onClose } = renderModal();
    await user.type(await screen.findByTestId('queue-name'), 'Sales');
    await user.type(input('queue-color'), 'red');
    await user.click(screen.getByTestId('queue-modal-submit'));
    expect(await screen.findByText('This colour is already in use, pick another one.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
