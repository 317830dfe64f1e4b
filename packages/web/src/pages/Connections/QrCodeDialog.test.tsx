import type { ConnectionDTO } from '@switchboard/shared';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queryKeys';
import { applyConnectionSessionEvent } from '../../realtime/cacheEvents';
import { json, installFetchMock } from '../../test/fetchMock';
import { connectionFixture, userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../test/renderWithProviders';
import { QrCodeDialog } from './QrCodeDialog';

const connection = (over: Partial<ConnectionDTO> = {}) =>
  connectionFixture({
    id: 4,
    name: 'Front desk',
    status: 'OPENING',
    qrcode: '',
    retries: 0,
    number: '',
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...over,
  });

cleanUpAfterEach();

describe('QrCodeDialog (spec §4 Connection status)', () => {
  it('waits for a code, draws it, follows new codes and closes once the code clears', async () => {
    installFetchMock({ ...signIn(userFixture({ profile: 'admin' })), 'GET /api/whatsapp': () => json(200, [connection()]) });
    const onClose = vi.fn();
    const { queryClient } = renderWithProviders(
      <WhenSignedIn>
        <QrCodeDialog connectionId={4} onClose={onClose} />
      </WhenSignedIn>,
    );
    expect(await screen.findByText('Waiting for QR Code')).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.connections)).toBeTruthy());

    const session = (over: Partial<ConnectionDTO>) =>
      act(() => applyConnectionSessionEvent(queryClient, { action: 'update', session: connection(over) }));

    session({ status: 'qrcode', qrcode: 'first-code' });
    const svg = () => screen.getByTestId('qr-code').querySelector('svg');
    await waitFor(() => expect(svg()).toBeTruthy());
    expect(screen.queryByText('Waiting for QR Code')).toBeNull();
    const firstDrawing = svg()!.innerHTML;

    session({ status: 'qrcode', qrcode: 'second-code' });
    await waitFor(() => expect(svg()!.innerHTML).not.toBe(firstDrawing));
    expect(onClose).not.toHaveBeenCalled();

    session({ status: 'CONNECTED', qrcode: '', number: '5511999990000' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a simulator connection says no phone is needed and links to the Simulator page', async () => {
    installFetchMock({
      ...signIn(userFixture({ profile: 'admin' })),
      'GET /api/whatsapp': () => json(200, [connection({ channel: 'simulator', status: 'qrcode', qrcode: 'sim-code' })]),
    });
    renderWithProviders(
      <WhenSignedIn>
        <QrCodeDialog connectionId={4} onClose={vi.fn()} />
      </WhenSignedIn>,
    );
    expect((await screen.findByTestId('qr-hint')).textContent).toMatch(/simulator/i);
    expect(screen.getByTestId('qr-open-simulator').getAttribute('href')).toBe('/simulator');
  });

  it('a WhatsApp connection asks to scan with the phone and has no simulator link', async () => {
    installFetchMock({
      ...signIn(userFixture({ profile: 'admin' })),
      'GET /api/whatsapp': () => json(200, [connection({ channel: 'whatsapp', status: 'qrcode', qrcode: 'wa-code' })]),
    });
    renderWithProviders(
      <WhenSignedIn>
        <QrCodeDialog connectionId={4} onClose={vi.fn()} />
      </WhenSignedIn>,
    );
    expect((await screen.findByTestId('qr-hint')).textContent).toMatch(/phone/);
    expect(screen.queryByTestId('qr-open-simulator')).toBeNull();
  });
});
