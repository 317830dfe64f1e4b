import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach, renderWithProviders, screen } from '../../test/renderWithProviders';
import { ConnectionHealthLine } from './ConnectionHealthLine';
import { ConnectionStatus } from './ConnectionStatus';

cleanUpAfterEach();

const quiet = {
  connectionId: 7,
  refused: 0,
  refusedByCode: {},
  undecryptable: 0,
  reconnects: 0,
  rateLimited: 0,
  lastCloseReason: '',
  lastCloseAt: null,
  alert: false,
};

describe('linking and health on the Connections screen', () => {
  it('names the passkey step and what the admin can do, instead of a bare "Disconnected"', () => {
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" reason="passkey-required" />);
    const notice = screen.getByTestId('connection-passkey-required');
    expect(notice.textContent).toContain('WhatsApp asks this number for a passkey to link a device');
    expect(notice.textContent).toContain('WhatsApp Cloud API');
    expect(notice.textContent).toContain('docs/whatsapp-linking.md');
  });

  it("shows a connection's last hour with the refusal codes, and nothing when there is nothing to say", () => {
    renderWithProviders(<ConnectionHealthLine health={quiet} />);
    expect(screen.queryByTestId('connection-health-7')).toBeNull();
    renderWithProviders(
      <ConnectionHealthLine
        health={{
          ...quiet,
          refused: 3,
          refusedByCode: { '463': 2, '479': 1 },
          undecryptable: 1,
          reconnects: 2,
          lastCloseReason: 'closed (500)',
          alert: true,
        }}
      />,
    );
    const line = screen.getByTestId('connection-health-7');
    expect(line.textContent).toContain('Last hour: 3 sends refused (463 ×2, 479 ×1) · 1 message not decrypted · 2 reconnects');
    expect(line.textContent).toContain('Last close: closed (500)');
    expect(line.getAttribute('data-alert')).toBe('true');
  });
});
