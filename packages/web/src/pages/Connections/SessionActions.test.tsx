import type { ConnectionDTO } from '@switchboard/shared';
import { fireEvent, render, screen, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionAction } from '../../api/connectionsAdmin';
import '../../i18n';
import { SessionActions } from './SessionActions';

const connection = { id: 4, name: 'Front desk', status: 'CONNECTED', qrcode: '', retries: 0, number: '5511999990000' } as ConnectionDTO;

afterEach(cleanup);

describe('SessionActions', () => {
  it('asks before disconnecting, explaining that the phone will need a new QR scan', () => {
    const onAction = vi.fn<(action: SessionAction) => void>();
    render(<SessionActions connection={connection} busy={false} onAction={onAction} onShowQr={() => {}} />);

    fireEvent.click(screen.getByTestId('connection-disconnect-4'));
    expect(onAction).not.toHaveBeenCalled();
    const dialog = screen.getByTestId('confirmation-modal');
    expect(dialog.textContent).toContain('Front desk');
    expect(dialog.textContent).toContain('scan a new QR code');

    fireEvent.click(screen.getByTestId('confirmation-cancel'));
    expect(onAction).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('connection-disconnect-4'));
    fireEvent.click(screen.getByTestId('confirmation-confirm'));
    expect(onAction).toHaveBeenCalledExactlyOnceWith('disconnect');
  });

  it('starts "try again" at once (nothing is lost by it)', () => {
    const onAction = vi.fn<(action: SessionAction) => void>();
    render(<SessionActions connection={{ ...connection, status: 'DISCONNECTED' }} busy={false} onAction={onAction} onShowQr={() => {}} />);
    fireEvent.click(screen.getByTestId('connection-retry-4'));
    expect(onAction).toHaveBeenCalledExactlyOnceWith('retry');
  });
});
