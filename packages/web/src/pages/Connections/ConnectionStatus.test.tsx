import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach, renderWithProviders, screen } from '../../test/renderWithProviders';
import { ConnectionStatus } from './ConnectionStatus';

cleanUpAfterEach();

describe('ConnectionStatus', () => {
  it('says why a session stopped and what to do, while it is DISCONNECTED', () => {
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" reason="banned" />);
    expect(screen.getByText('Disconnected')).toBeTruthy();
    expect(screen.getByTestId('connection-status-reason').textContent).toBe('WhatsApp refuses this number (banned). Retrying will not help.');
  });

  it('shows no reason for other statuses or for reasons without a text', () => {
    renderWithProviders(<ConnectionStatus status="CONNECTED" reason="banned" />);
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" reason="phone disconnected" />);
    expect(screen.queryByTestId('connection-status-reason')).toBeNull();
  });
});
