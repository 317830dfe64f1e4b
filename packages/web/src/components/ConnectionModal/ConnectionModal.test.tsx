import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, installFetchMock } from '../../test/fetchMock';
import { connectionFixture, userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderSignedInModal, screen, signIn } from '../../test/renderWithProviders';
import { ConnectionModal } from './ConnectionModal';

const admin = userFixture({ id: 1, profile: 'admin' });

function renderModal(props: Partial<Parameters<typeof ConnectionModal>[0]> = {}) {
  return renderSignedInModal((onClose) => <ConnectionModal open onClose={onClose} {...props} />);
}

const input = (name: string) => screen.getByTestId<HTMLInputElement>(`connection-${name}`);
const helperOf = (name: string) => document.getElementById(`connection-${name}-helper-text`)?.textContent;

cleanUpAfterEach();

describe('ConnectionModal (spec §3 Connection, §5)', () => {
  it('shows Required / Too Short! for the name and sends nothing', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock(signIn(admin));
    renderModal();
    await user.click(await screen.findByTestId('connection-modal-submit'));
    await waitFor(() => expect(helperOf('name')).toBe('Required'));
    await user.type(input('name'), 'A');
    await user.click(screen.getByTestId('connection-modal-submit'));
    await waitFor(() => expect(helperOf('name')).toBe('Too Short!'));
    expect(callsTo('POST /api/whatsapp')).toHaveLength(0);
  });

  it('creates with the flat work-hour fields of spec §3', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'POST /api/whatsapp': (call) =>
        json(201, connectionFixture({ id: 5, name: (call.body as { name: string }).name, status: 'OPENING' })),
    });
    const { onClose } = renderModal();
    await user.type(await screen.findByTestId('connection-name'), 'Front desk');
    await user.click(input('defineWorkHours'));
    const grid = await screen.findByTestId('connection-work-hours');
    expect(grid).toBeTruthy();
    expect(input('StartDefineWorkHoursMonday').step).toBe('600');
    fireEvent.change(input('StartDefineWorkHoursMonday'), { target: { value: '09:00' } });
    await user.click(input('saturday'));
    fireEvent.change(input('holiday-date'), { target: { value: '2025-12-25' } });
    await user.click(screen.getByTestId('connection-holiday-add'));
    await user.click(screen.getByTestId('connection-modal-submit'));

    await waitFor(() => expect(callsTo('POST /api/whatsapp')).toHaveLength(1));
    const body = callsTo('POST /api/whatsapp')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Front desk',
      channel: 'whatsapp',
      defineWorkHours: true,
      monday: true,
      StartDefineWorkHoursMonday: '09:00',
      EndDefineWorkHoursMonday: '18:00',
      StartDefineWorkHoursMondayLunch: '12:00',
      EndDefineWorkHoursMondayLunch: '13:00',
      saturday: true,
      sunday: false,
      holidays: ['2025-12-25'],
      timeInactiveMessage: 0,
      queueIds: [],
      defaultQueueId: null,
    });
    expect(body).not.toHaveProperty('week');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Connection saved successfully.')).toBeTruthy();
  });

  it('edit mode loads by id, sends no channel and shows a translated server error', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/whatsapp/3': () =>
        json(
          200,
          connectionFixture({
            id: 3,
            name: 'Sales',
            channel: 'simulator',
            isDefault: true,
            timeInactiveMessage: 0.25,
            defineWorkHours: true,
            monday: false,
            StartDefineWorkHoursTuesday: '07:30',
          }),
        ),
      'PUT /api/whatsapp/3': () => json(400, { error: 'ERR_WAPP_GREETING_REQUIRED' }),
    });
    renderModal({ connectionId: 3 });
    await waitFor(() => expect(input('name').value).toBe('Sales'));
    expect(screen.queryByTestId('connection-channel')).toBeNull();
    expect(input('isGroup')).toBeTruthy();
    expect(screen.getByTestId('connection-timeInactiveMessage').textContent).toBe('15 minutes');
    expect(input('monday').checked).toBe(false);
    expect(input('StartDefineWorkHoursTuesday').value).toBe('07:30');
    await user.click(screen.getByTestId('connection-modal-submit'));

    expect(await screen.findByText('The greeting message is required when there is more than one sector.')).toBeTruthy();
    const body = callsTo('PUT /api/whatsapp/3')[0].body as Record<string, unknown>;
    expect(body).not.toHaveProperty('channel');
    expect(body).toMatchObject({ name: 'Sales', monday: false, StartDefineWorkHoursTuesday: '07:30', timeInactiveMessage: 0.25 });
  });

  it('a Cloud API connection: edit shows the webhook URL, secrets stay write-only and empty ones are kept', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(admin),
      'GET /api/whatsapp/4': () =>
        json(
          200,
          connectionFixture({
            id: 4,
            name: 'Official',
            channel: 'whatsapp-cloud',
            cloud: {
              phoneNumberId: '106540352242922',
              businessAccountId: '102290129340398',
              hasAccessToken: true,
              hasAppSecret: true,
              hasVerifyToken: true,
              webhookPath: '/api/channels/whatsapp-cloud/4/webhook',
            },
          }),
        ),
      'PUT /api/whatsapp/4': () => json(200, connectionFixture({ id: 4, name: 'Official', channel: 'whatsapp-cloud' })),
    });
    renderModal({ connectionId: 4 });
    await waitFor(() => expect(input('cloud.phoneNumberId').value).toBe('106540352242922'));
    // The Cloud API has no groups: the switch is not offered.
    expect(screen.queryByTestId('connection-isGroup')).toBeNull();
    expect(input('isDefault')).toBeTruthy();
    expect(input('cloud.accessToken').value).toBe('');
    expect(input('cloud-webhook-url').value).toBe(`${window.location.origin}/api/channels/whatsapp-cloud/4/webhook`);
    await user.type(input('cloud.appSecret'), 'new-app-secret-1');
    await user.click(screen.getByTestId('connection-modal-submit'));
    await waitFor(() => expect(callsTo('PUT /api/whatsapp/4')).toHaveLength(1));
    const body = callsTo('PUT /api/whatsapp/4')[0].body as { cloud: Record<string, string> };
    expect(body.cloud).toEqual({ phoneNumberId: '106540352242922', businessAccountId: '102290129340398', appSecret: 'new-app-secret-1' });
  });
});
