import { cleanup } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { cleanUpAfterEach, renderWithProviders, screen } from '../../test/renderWithProviders';
import { ConnectionStatus } from './ConnectionStatus';

cleanUpAfterEach();

describe('ConnectionStatus', () => {
  it('says why a session stopped and what to do, while it is DISCONNECTED', () => {
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" reason="banned" />);
    expect(screen.getByText('Disconnected')).toBeTruthy();
    expect(screen.getByTestId('connection-status-reason').textContent).toBe(
      'WhatsApp refuses this number (banned). Retrying will not help.',
    );
  });

  it('says a Cloud API connection could not reach Meta, in every language', async () => {
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" reason="cloud-unreachable" />);
    expect(screen.getByTestId('connection-status-reason').textContent).toContain('Meta could not be reached');
    cleanup();
    await i18n.changeLanguage('pt');
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" reason="cloud-unreachable" />);
    expect(screen.getByTestId('connection-status-reason').textContent).toContain('Não foi possível falar com a Meta');
    cleanup();
    await i18n.changeLanguage('es');
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" reason="cloud-unreachable" />);
    expect(screen.getByTestId('connection-status-reason').textContent).toContain('No se pudo contactar a Meta');
    await i18n.changeLanguage('en');
  });

  it('shows no reason for other statuses or for reasons without a text', () => {
    renderWithProviders(<ConnectionStatus status="CONNECTED" reason="banned" />);
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" reason="phone disconnected" />);
    expect(screen.queryByTestId('connection-status-reason')).toBeNull();
  });

  it('says an imported connection must be paired again, in every language, and nothing when it need not', async () => {
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" awaitingPairing />);
    expect(screen.getByTestId('connection-awaiting-pairing').textContent).toContain('pairing again needed');
    cleanup();
    await i18n.changeLanguage('pt');
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" awaitingPairing />);
    expect(screen.getByTestId('connection-awaiting-pairing').textContent).toContain('é preciso parear de novo');
    cleanup();
    await i18n.changeLanguage('es');
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" awaitingPairing />);
    expect(screen.getByTestId('connection-awaiting-pairing').textContent).toContain('hay que emparejarla de nuevo');
    await i18n.changeLanguage('en');
    cleanup();
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" awaitingPairing={false} />);
    expect(screen.queryByTestId('connection-awaiting-pairing')).toBeNull();
  });
});
